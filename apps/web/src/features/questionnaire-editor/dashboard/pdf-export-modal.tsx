import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { exportPdf } from '../api';
import type { DashboardCategory } from './dashboard-data';
import { runDownload } from './download';

type Props = { courseId: number; categories: DashboardCategory<unknown>[]; onClose: () => void };

/** PDF export of the selected questionnaires (every triad they apply to), one document. */
export function PdfExportModal({ courseId, categories, onClose }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const ok = await runDownload(() => exportPdf(courseId, { questionnaires: selected.map(Number) }), t('dashboard.exportError'));
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={t('dashboard.pdfTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('dashboard.pdfText')}</Text>
        <Checkbox.Group value={selected} onChange={setSelected} label={t('dashboard.pdfChoose')}>
          <ScrollArea.Autosize mah={360} mt="xs">
            <Stack gap="sm">
              {categories.map((category) => (
                <Stack key={category.id ?? 'none'} gap={6}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {category.title}
                  </Text>
                  {category.questionnaires.map((questionnaire) => (
                    <Checkbox
                      key={questionnaire.id}
                      value={String(questionnaire.id)}
                      label={`${questionnaire.title} (${t('list.year', { year: questionnaire.year })})`}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void download()} loading={busy} disabled={selected.length === 0}>
            {t('dashboard.pdfDownload', { count: selected.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
