import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { base64Blob } from '../../../shell/base64-file';
import { exportPdf, type ExportModel } from '../api';
import { useQuestionnaire } from './questionnaire-context';

/** The PDF on screen: a Blob URL the component owns, revoked when replaced or closed. */
type Preview = { url: string; filename: string } | { error: true };

/**
 * Spec 1 §2.9: the preview shows the export answer's base64 PDF (same generator as the download),
 * filled or blank, in an iframe — the CSP allows `frame-src blob:`.
 */
export function PdfPreview({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('questionnaire');
  const { view, params } = useQuestionnaire();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [opened, setOpened] = useState(false);
  const [model, setModel] = useState<ExportModel>(1);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loading, setLoading] = useState(false);
  // Only the latest request may fill the modal when the model is switched quickly.
  const request = useRef(0);

  const file = preview && 'url' in preview ? preview : null;
  const url = file?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const load = async (next: ExportModel) => {
    const id = ++request.current;
    setModel(next);
    setLoading(true);
    let result: Preview = { error: true };
    try {
      const answer = await exportPdf(params, next);
      if (answer.data)
        result = { url: URL.createObjectURL(base64Blob(answer.data, answer.filetype)), filename: answer.filename || 'questionnaire.pdf' };
    } catch {
      // A failed export shows the same alert as an empty one.
    }
    if (id !== request.current) {
      if ('url' in result) URL.revokeObjectURL(result.url);
      return;
    }
    setPreview(result);
    setOpened(true);
    setLoading(false);
  };

  const close = () => {
    request.current += 1;
    setOpened(false);
    setLoading(false);
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconEye size={18} />}
        loading={loading && !opened}
        disabled={disabled}
        onClick={() => void load(1)}
      >
        {t('controls.preview')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        // The PDF stays on screen while the modal fades out; dropping it then revokes its Blob URL.
        onExitTransitionEnd={() => setPreview(null)}
        title={t('preview.title')}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('preview.close') }}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('preview.model')}
              value={String(model)}
              onChange={(value) => void load(value === '0' ? 0 : 1)}
              disabled={loading}
              data={[
                { value: '1', label: t('preview.filled') },
                { value: '0', label: t('preview.blank') },
              ]}
            />
            {file && (
              <Button
                component="a"
                href={file.url}
                download={file.filename}
                variant="light"
                leftSection={<IconDownload size={18} />}
                disabled={loading}
              >
                {t('preview.download')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('preview.savedOnly')}
          </Text>
          <Box h={phone ? 'calc(100dvh - 190px)' : '70vh'}>
            {loading && (
              <Center h="100%">
                <Loader aria-label={t('preview.loading')} />
              </Center>
            )}
            {!loading && file && (
              <iframe
                src={file.url}
                title={t('preview.frame', { title: view.title })}
                style={{
                  width: '100%',
                  height: '100%',
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                }}
              />
            )}
            {!loading && preview && !file && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {t('notices.fileError')}
              </Alert>
            )}
          </Box>
        </Stack>
      </Modal>
    </>
  );
}
