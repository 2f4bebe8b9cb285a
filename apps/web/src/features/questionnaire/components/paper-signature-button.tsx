import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconSignature, IconUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDateHints } from '../../../forms';
import { DISPLAY_DATE_FORMAT, normalizeDateValue, parseDisplayDate } from '../../../forms/dates';
import { ApiRequestError } from '../../../shell/api-client';
import { usePaperSignature, type ReplyTarget } from '../../../shell/questionnaires/questionnaire-queries';
import { useProfileTitle } from '../../../shell/profile-title';
import { uploadAnswerFile } from '../api';

/** What the server takes as the scan or photo of a signed page. */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/**
 * The manager's way to record a signature given on paper (issue 20 §3): the scan or photo of the
 * signed page and the day written on it; the reply then counts as signed by that profile.
 */
export function PaperSignatureButton({ target }: { target: ReplyTarget }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const hints = useDateHints();
  const mutation = usePaperSignature();
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [signedOn, setSignedOn] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || mutation.isPending;
  const profile = titleOf(target.profile);

  const close = () => {
    if (busy) return;
    setOpened(false);
    setFile(null);
    setError(null);
  };

  const submit = async () => {
    if (!file || !signedOn) {
      setError(t('paperSignature.required'));
      return;
    }
    // Said here rather than clamped by the picker: a typed future day must not turn silently into another one.
    if (signedOn > dayjs().format('YYYY-MM-DD')) {
      setError(t('paperSignature.future'));
      return;
    }
    setError(null);
    setUploading(true);
    const uploaded = await uploadAnswerFile(file, 'paper-signature').catch((failure: unknown) => ({
      error: failure instanceof ApiRequestError ? failure.message : '',
    }));
    setUploading(false);
    if ('error' in uploaded) {
      setError(uploaded.error || t('paperSignature.error'));
      return;
    }
    mutation.mutate(
      { target, body: { fileId: uploaded.file.id, signedOn } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('paperSignature.success') });
          setOpened(false);
          setFile(null);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.status < 500 && failure.message ? failure.message : t('paperSignature.error'),
          ),
      },
    );
  };

  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconSignature size={14} aria-hidden />}
        aria-label={t('paperSignature.label', { profile })}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
      >
        {t('paperSignature.button')}
      </Button>
      <Modal opened={opened} onClose={close} centered title={<Text fw={600}>{t('paperSignature.title')}</Text>}>
        <Stack gap="md">
          <Text size="sm">{t('paperSignature.text', { profile })}</Text>
          <FileInput
            label={t('paperSignature.file')}
            description={t('paperSignature.fileHint')}
            accept={ACCEPT}
            value={file}
            onChange={setFile}
            leftSection={<IconUpload size={16} aria-hidden />}
            withAsterisk
            clearable
          />
          <DateInput
            label={t('paperSignature.date')}
            value={signedOn}
            onChange={(value) => setSignedOn(normalizeDateValue('date', value))}
            valueFormat={DISPLAY_DATE_FORMAT}
            dateParser={parseDisplayDate}
            placeholder={hints.date}
            withAsterisk
          />
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('paperSignature.cancel')}
            </Button>
            <Button loading={busy} onClick={() => void submit()}>
              {t('paperSignature.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
