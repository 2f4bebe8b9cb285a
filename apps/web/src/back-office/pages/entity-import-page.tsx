import { useState } from 'react';
import { Button, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormPayload, ImportReport, ValidationError } from '@lea/shared';
import { ServerForm } from '../../forms';
import { downloadBase64 } from '../../shell/base64-file';
import { PageHeader } from '../../shell/page-header';
import { areaKey, type BackOfficeArea } from '../area';
import { useReportAreaError } from '../area-error';
import { ImportReportView } from '../components/import-report';
import { LoadFallback } from '../components/load-fallback';
import { downloadImportFile, errorMessage, fetchFormChoices, postImport, uploadFormFile, useImportForm } from '../entity-api';
import { returnPath, type ScreenMatch } from '../screens';

const NO_ERRORS: ValidationError[] = [];

/**
 * `…/{screen}/import` and `…/update` of an importable entity (spec 3 §2.2): the model file (or, to
 * update, the current data) to download, the server's file form, progress while the server
 * works, then its report.
 */
export function EntityImportPage({ area, match }: { area: BackOfficeArea; match: ScreenMatch }) {
  const { t } = useTranslation(['back-office', 'common', 'forms']);
  const { entity } = match;
  const alias = entity.alias;
  const update = match.view === 'update';
  const queryClient = useQueryClient();
  const form = useImportForm(area, alias);
  useReportAreaError(form.error);
  const [report, setReport] = useState<ImportReport | null>(null);
  // A new form after an import that applied: the file field starts empty again.
  const [round, setRound] = useState(0);

  const download = useMutation({
    mutationFn: () => downloadImportFile(area, alias, update),
    onSuccess: (file) => {
      if (!downloadBase64(file.data, file.filename, file.type)) notifications.show({ color: 'red', message: t('forms:signedError') });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.fileUnavailable') }),
  });
  const send = useMutation({
    mutationFn: (payload: FormPayload) => postImport(area, alias, update, payload),
    onMutate: () => setReport(null),
    onSuccess: async (answer) => {
      setReport(answer);
      if (answer.hasError) return;
      setRound((value) => value + 1);
      notifications.show({ color: 'green', message: t('import.done') });
      await queryClient.invalidateQueries({ queryKey: areaKey(area) });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.send') }),
  });

  const texts = entity.importTexts;
  const title = (update ? entity.titles.update : entity.titles.import) ?? entity.titles.list;
  return (
    <Stack gap="lg">
      <PageHeader title={title} back={{ to: returnPath(area, entity, match.parentId), label: entity.titles.back }} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t(update ? 'import.step1Update' : 'import.step1')}
          </Title>
          {texts && <Text size="sm">{update ? texts.update : texts.import}</Text>}
          <Button
            variant="light"
            leftSection={update ? <IconFileSpreadsheet size={18} /> : <IconDownload size={18} />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t(update ? 'import.export' : 'import.model')}
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('import.step2')}
          </Title>
          {!form.data ? (
            <LoadFallback pending={form.isPending} failure={t('form.loadError')} />
          ) : (
            <ServerForm
              key={round}
              model={form.data}
              onSubmit={(payload) => send.mutateAsync(payload).catch(() => undefined)}
              serverErrors={report?.validationErrors ?? NO_ERRORS}
              submitting={send.isPending}
              submitLabel={t(update ? 'import.submitUpdate' : 'import.submit')}
              uploadFile={uploadFormFile}
              fetchChoices={fetchFormChoices}
            />
          )}
          {send.isPending && (
            <Stack gap={4} role="status" aria-live="polite">
              <Text size="sm">{t('import.processing')}</Text>
              <Progress value={100} animated striped aria-label={t('import.processing')} />
            </Stack>
          )}
          {report && texts && <ImportReportView report={report} texts={texts} />}
        </Stack>
      </Card>
    </Stack>
  );
}
