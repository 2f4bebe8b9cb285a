import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Input, Loader, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_FILE_EXTENSIONS, MESSAGES, validateFileSelection, type FileFieldValue } from '@lea/shared';
import { useFormServices } from '../form-services';
import type { FieldViewProps } from './field-props';

function filesOf(value: unknown): FileFieldValue[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter((item): item is FileFieldValue => typeof item === 'object' && item !== null && 'id' in item);
}

/**
 * File kind: the chosen file is checked (extension, size), uploaded through the form services and
 * the field keeps its id. The form counts the upload so submitting waits for it (spec 1 §4.5).
 */
export function FileField({ field, value, error, onChange, form }: FieldViewProps) {
  const { t } = useTranslation('forms');
  const { uploadFile } = useFormServices();
  const [busy, setBusy] = useState(false);
  const maxFiles = field.attributes.maxFiles ?? 1;
  const files = filesOf(value);
  const accept = (field.attributes.allowedExtensions ?? ALLOWED_FILE_EXTENSIONS)
    .map((extension) => `.${extension.replace(/^\./, '')}`)
    .join(',');

  const store = (uploaded: FileFieldValue) => onChange(maxFiles > 1 ? [...files, uploaded] : uploaded);
  const remove = (id: number) => {
    const rest = files.filter((file) => file.id !== id);
    onChange(maxFiles > 1 ? rest : null);
  };

  const choose = (file: File | null) => {
    if (!file) return;
    const refused = uploadFile ? validateFileSelection(field, file) : MESSAGES.sendError;
    if (refused) {
      form.setExternalError(field.id, refused);
      return;
    }
    if (!uploadFile) return;
    setBusy(true);
    form
      .trackUpload(uploadFile(file, field))
      .then(store, () => form.setExternalError(field.id, MESSAGES.sendError))
      .finally(() => setBusy(false));
  };

  const full = maxFiles > 1 ? files.length >= maxFiles : false;
  return (
    <Input.Wrapper
      id={field.id}
      label={field.label}
      description={field.help ?? undefined}
      withAsterisk={field.required}
      error={field.attributes.hideError ? undefined : error}
      className={field.attributes.class}
    >
      <Group gap="xs" mt={4}>
        {files.map((file) => (
          <Group key={file.id} gap={4}>
            <IconPaperclip size={16} aria-hidden />
            <Text size="sm">{file.originalName}</Text>
            {!field.disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('removeFile', { name: file.originalName })}
                onClick={() => remove(file.id)}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!full && (
          <FileButton onChange={choose} accept={accept} disabled={field.disabled || busy}>
            {(buttonProps) => (
              <Button {...buttonProps} variant="default" size="xs" leftSection={busy ? <Loader size={12} /> : <IconPaperclip size={14} />}>
                {busy ? t('uploading') : t('chooseFile')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Input.Wrapper>
  );
}
