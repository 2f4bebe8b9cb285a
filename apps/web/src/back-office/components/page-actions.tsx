import { useState } from 'react';
import { Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ChoiceSearchResponse, type PageAction } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { downloadFile, saveFile, type Progress as Received } from '../../shell/download-file';
import { apiBase, areaKey, type BackOfficeArea } from '../area';
import { errorMessage } from '../entity-api';
import { ConfirmModal } from './confirm-modal';

/** What a `call` action answers: a save envelope (field errors under `responses`) or an action one. */
const ActionAnswer = z
  .object({
    hasError: z.boolean(),
    success: z.boolean().optional(),
    message: z.string().optional(),
    responses: z.array(z.object({ validationErrors: z.array(z.object({ message: z.string() })).optional() }).passthrough()).optional(),
    detail: z.array(z.object({ message: z.string() })).optional(),
  })
  .passthrough();
type ActionAnswer = z.infer<typeof ActionAnswer>;

/** The words to show for a refused call: the first field error, the first detail, else the message. */
function refusal(answer: ActionAnswer): string | null {
  if (!answer.hasError && answer.success !== false) return null;
  return answer.responses?.[0]?.validationErrors?.[0]?.message ?? answer.detail?.[0]?.message ?? answer.message ?? '';
}

const withQuery = (path: string, query: Record<string, string>) =>
  Object.keys(query).length === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;

type Props = {
  area: BackOfficeArea;
  actions: readonly PageAction[];
  /** After a call succeeded: the list refreshes. */
  onDone: () => Promise<void> | void;
};

/** The choices of an action's picker (`choice.path`), asked when its modal opens. */
function ChoiceModal({
  area,
  action,
  busy,
  onRun,
  onClose,
}: {
  area: BackOfficeArea;
  action: PageAction & { choice: NonNullable<PageAction['choice']> };
  busy: boolean;
  onRun: (value: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['back-office', 'common']);
  const [value, setValue] = useState<string | null>(null);
  const choices = useQuery({
    queryKey: [...areaKey(area), 'page-action', action.key, action.choice.path],
    queryFn: () => apiRequest(`${apiBase(area)}/${action.choice.path}`, { schema: ChoiceSearchResponse }),
  });
  return (
    <Modal opened onClose={onClose} title={action.label}>
      <Stack>
        <Select
          label={action.choice.label}
          data={choices.data ?? []}
          value={value}
          onChange={setValue}
          searchable
          nothingFoundMessage={t('pageActions.noChoice')}
          placeholder={choices.isPending ? t('pageActions.loading') : t('pageActions.choose')}
          comboboxProps={{ withinPortal: true }}
        />
        {choices.data?.length === 0 && <Text c="dimmed">{t('pageActions.noChoice')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button loading={busy} disabled={value === null} onClick={() => value !== null && onRun(value)}>
            {t('pageActions.run')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The page-level actions an entity declares (`pageActions` of its description: the trainings' add
 * test, export registrations, generate test triads), as buttons over its list: a call (asked first
 * when it has `confirm`, after a pick when it has `choice`) shows the server's notice and refreshes
 * the list; a download streams the file with its progress, then hands it to the browser.
 */
export function PageActions({ area, actions, onDone }: Props) {
  const { t } = useTranslation(['back-office', 'common']);
  const [asking, setAsking] = useState<PageAction | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [received, setReceived] = useState<Received | null>(null);

  const call = async (action: PageAction, query: Record<string, string>) => {
    setBusy(action.key);
    try {
      const answer = await apiRequest(withQuery(`${apiBase(area)}/${action.path}`, query), { schema: ActionAnswer });
      const failure = refusal(answer);
      notifications.show(
        failure === null
          ? { color: 'green', message: answer.message || t('pageActions.done') }
          : { color: 'red', message: failure || t('common:errors.generic') },
      );
      if (failure === null) await onDone();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.generic') });
    } finally {
      setBusy(null);
      setAsking(null);
    }
  };

  const download = async (action: PageAction) => {
    setBusy(action.key);
    setReceived({ received: 0, total: null });
    try {
      const file = await downloadFile(`${apiBase(area)}/${action.path}`, `${action.key}.xlsx`, setReceived);
      saveFile(file.blob, file.filename);
      notifications.show({ color: 'green', message: t('pageActions.downloaded', { name: file.filename }) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.generic') });
    } finally {
      setBusy(null);
      setReceived(null);
    }
  };

  const start = (action: PageAction) => {
    if (action.kind === 'download') return void download(action);
    if (action.choice || action.confirm) return setAsking(action);
    void call(action, {});
  };
  const percent = received?.total ? Math.min(100, Math.round((received.received / received.total) * 100)) : null;

  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.key}
          variant="light"
          loading={busy === action.key}
          disabled={busy !== null && busy !== action.key}
          leftSection={action.kind === 'download' ? <IconDownload size={18} /> : <IconBolt size={18} />}
          onClick={() => start(action)}
          data-action={action.key}
        >
          {action.label}
        </Button>
      ))}
      {received && (
        <Progress
          value={percent ?? 100}
          animated={percent === null}
          w={120}
          aria-label={t('pageActions.downloading', { name: actions.find((action) => action.key === busy)?.label ?? '' })}
        />
      )}
      {asking?.choice ? (
        <ChoiceModal
          area={area}
          action={{ ...asking, choice: asking.choice }}
          busy={busy === asking.key}
          onRun={(value) => void call(asking, { [asking.choice!.query]: value })}
          onClose={() => setAsking(null)}
        />
      ) : (
        <ConfirmModal
          opened={asking !== null}
          title={asking?.label ?? ''}
          message={asking?.confirm ?? ''}
          confirmLabel={t('pageActions.run')}
          danger={false}
          busy={asking !== null && busy === asking.key}
          onConfirm={() => asking && void call(asking, {})}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
