import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconFileTypePdf, IconInfoCircle, IconShare, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireView } from '@lea/shared';
import { canSaveDraft, canShareDraft, canSign, type SaveMode } from '../reply-state';
import { PdfPreview } from './pdf-preview';

type ControlBlockProps = {
  view: QuestionnaireView;
  busy: SaveMode | 'export' | null;
  uploading: boolean;
  onSave: (mode: SaveMode) => void;
  onExport: () => void;
};

/** PDF export and preview, private draft, shared draft and signature; the message banner replaces the sign action. */
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
          <Button variant="default" leftSection={<IconFileTypePdf size={18} />} loading={busy === 'export'} disabled={blocked && busy !== 'export'} onClick={onExport}>
            {t('controls.export')}
          </Button>
        )}
        {view.userCanExportPdf && <PdfPreview disabled={blocked} />}
        {canSaveDraft(view) && (
          <Button variant="light" leftSection={<IconDeviceFloppy size={18} />} loading={busy === 1} disabled={blocked && busy !== 1} onClick={() => onSave(1)}>
            {t('controls.saveDraft')}
          </Button>
        )}
        {canShareDraft(view) && (
          <Button variant="default" leftSection={<IconShare size={18} />} loading={busy === 2} disabled={blocked && busy !== 2} onClick={() => onSave(2)}>
            {t('controls.shareDraft')}
          </Button>
        )}
        {view.message ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {view.message}
            </Text>
          </Alert>
        ) : (
          canSign(view) && (
            <Button leftSection={<IconSignature size={18} />} loading={busy === 3} disabled={blocked && busy !== 3} onClick={() => onSave(3)}>
              {t('controls.sign')}
            </Button>
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
