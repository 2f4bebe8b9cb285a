import { useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Loader } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ALLOWED_FILE_EXTENSIONS,
  FILE_DEFAULT_MAX_BYTES,
  fileSizeMessage,
  isAllowedExtension,
  MESSAGES,
  type AnswerValue,
} from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { uploadAnswerFile } from '../api';
import type { AnswerInputProps } from './answer-input';

const ACCEPT = ALLOWED_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function storedFile(value: AnswerValue) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/**
 * File question (type 10): the extension and the 5 MB limit are checked before the base64 upload;
 * the answer keeps `{id, originalName, pathName}` and links to the stored file with the `url` the
 * server signed for this user (in the upload's answer, then in the questionnaire's).
 */
export function FileAnswerInput({
  item,
  value,
  onChange,
  error,
  disabled,
  label,
  hideLabel,
  description,
  id,
  trackUpload,
  onUploadError,
}: AnswerInputProps) {
  const { t } = useTranslation('questionnaire');
  const [busy, setBusy] = useState(false);
  const file = storedFile(value);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!isAllowedExtension(chosen.name, ALLOWED_FILE_EXTENSIONS)) return onUploadError(MESSAGES.fileFormatDefault);
    if (chosen.size > FILE_DEFAULT_MAX_BYTES) return onUploadError(fileSizeMessage(FILE_DEFAULT_MAX_BYTES));
    onUploadError(null);
    setBusy(true);
    trackUpload(uploadAnswerFile(chosen))
      .then((result) => ('file' in result ? onChange(result.file) : onUploadError(result.error || MESSAGES.sendError)))
      // A refusal (quota, size) carries the server's reason; anything else is a send failure.
      .catch((failure: unknown) =>
        onUploadError(failure instanceof ApiRequestError && failure.status < 500 && failure.message ? failure.message : MESSAGES.sendError),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Input.Wrapper
      id={id}
      label={hideLabel ? undefined : label}
      description={description}
      error={error}
      withAsterisk={item.required && !hideLabel}
    >
      <Group gap="xs" mt={4} wrap="wrap">
        {file && (
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            <Anchor href={file.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.originalName}
            </Anchor>
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('file.remove', { name: file.originalName })}
                onClick={() => onChange(null)}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        )}
        {!disabled && (
          <FileButton onChange={choose} accept={ACCEPT} disabled={busy}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="default"
                size="xs"
                aria-label={hideLabel ? `${label} : ${t('file.choose')}` : undefined}
                leftSection={busy ? <Loader size={12} /> : <IconPaperclip size={14} />}
              >
                {busy ? t('file.uploading') : file ? t('file.replace') : t('file.choose')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Input.Wrapper>
  );
}
