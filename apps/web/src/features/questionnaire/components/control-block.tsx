import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconFileTypePdf, IconInfoCircle, IconShare, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireView } from '@lea/shared';
import { canSaveDraft, canShareDraft, canSign, type SaveMode } from '../reply-state';
import { NeedsNetwork } from '../../../shell/needs-network';
import { PdfPreview } from './pdf-preview';

type ControlBlockProps = {
  view: QuestionnaireView;
  busy: SaveMode | 'export' | null;
  uploading: boolean;
  onSave: (mode: SaveMode) => void;
  onExport: () => void;
};

/**
 * PDF export and preview, private draft, shared draft and signature; the message banner replaces the
 * sign action. Each needs the server: offline they are disabled with the reason (what is typed offline
 * is kept on the device and sent later: use-offline-reply.ts, decision 037).
 */
export function ControlBlock({ view, busy, uploading, onSave, onExport }: ControlBlockProps) {
  const { t } = useTranslation('questionnaire');
  // Spec 1 §4.5: nothing is submitted while a file is uploading.
  const blocked = busy !== null || uploading;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('controls.title')}
        </Title>
        {view.userHasSigned && (
          <Text size="sm" fw={500}>
            {t('controls.signed')}
          </Text>
        )}
        {view.userCanExportPdf && (
          <NeedsNetwork block>
            {(offline) => (
              <Stack gap="sm">
                <Button
                  fullWidth
                  variant="default"
                  leftSection={<IconFileTypePdf size={18} />}
                  loading={busy === 'export'}
                  disabled={offline || (blocked && busy !== 'export')}
                  onClick={onExport}
                >
                  {t('controls.export')}
                </Button>
                <PdfPreview disabled={offline || blocked} />
              </Stack>
            )}
          </NeedsNetwork>
        )}
        {canSaveDraft(view) && (
          <NeedsNetwork block>
            {(offline) => (
              <Button
                fullWidth
                variant="light"
                leftSection={<IconDeviceFloppy size={18} />}
                loading={busy === 1}
                disabled={offline || (blocked && busy !== 1)}
                onClick={() => onSave(1)}
              >
                {t('controls.saveDraft')}
              </Button>
            )}
          </NeedsNetwork>
        )}
        {canShareDraft(view) && (
          <NeedsNetwork block>
            {(offline) => (
              <Button
                fullWidth
                variant="default"
                leftSection={<IconShare size={18} />}
                loading={busy === 2}
                disabled={offline || (blocked && busy !== 2)}
                onClick={() => onSave(2)}
              >
                {t('controls.shareDraft')}
              </Button>
            )}
          </NeedsNetwork>
        )}
        {view.message ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {view.message}
            </Text>
          </Alert>
        ) : (
          canSign(view) && (
            <NeedsNetwork block>
              {(offline) => (
                <Button
                  fullWidth
                  leftSection={<IconSignature size={18} />}
                  loading={busy === 3}
                  disabled={offline || (blocked && busy !== 3)}
                  onClick={() => onSave(3)}
                >
                  {t('controls.sign')}
                </Button>
              )}
            </NeedsNetwork>
          )
        )}
        {uploading && (
          <Text size="xs" c="dimmed">
            {t('file.uploadingBlocks')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
