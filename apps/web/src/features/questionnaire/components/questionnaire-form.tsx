import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Grid, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireView } from '@lea/shared';
import { HtmlContent } from '../../../shell/html-content';
import type { QuestionnaireParams } from '../api';
import type { PendingReply } from '../offline-reply';
import { blockItems, canSaveDraft, interviewDateItem, showsProgress, type SaveMode } from '../reply-state';
import { useOfflineReply } from '../use-offline-reply';
import { useReplyForm } from '../use-reply-form';
import { useSaveReply } from '../use-save-reply';
import { OfflineReplyNotice } from './offline-reply-notice';
import { ReplyConflictScreen } from './reply-conflict';
import { ControlBlock } from './control-block';
import { InterviewDateField } from './interview-date-field';
import { ProgressHeader, useBlockProgress } from './progress-header';
import { QuestionBlock } from './question-block';
import { QuestionnaireContext } from './questionnaire-context';
import { SignatoryBlock } from './signatory-block';

type Props = {
  view: QuestionnaireView;
  params: QuestionnaireParams;
  reload: () => Promise<QuestionnaireView | undefined>;
  /** The answers kept on this device (decision 037): where, and what the page opened with. */
  keptKey: string | null;
  kept: PendingReply | null;
};

/** A server's refusal above the form, until closed. */
function ErrorAlert({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('questionnaire');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      onClose={onClose}
      role="alert"
      closeButtonLabel={t('controls.closeAlert')}
    >
      {children}
    </Alert>
  );
}

/** Spec 1 §2.9: the blocks on the left, the control and signatory blocks on the right. */
export function QuestionnaireForm({ view, params, reload, keptKey, kept }: Props) {
  const { t } = useTranslation('questionnaire');
  const form = useReplyForm(view, kept?.draft);
  const offline = useOfflineReply({ view, params, form, reload, keptKey, initial: kept });
  const saving = useSaveReply({ view, params, form, reload, onSaved: offline.saved });
  const [confirming, setConfirming] = useState(false);
  const blocksRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => blockItems(view), [view]);
  const interviewItem = interviewDateItem(view);
  const total = items.filter((item) => item.itemType !== 'title').length + (interviewItem ? 1 : 0);
  const current = useBlockProgress(blocksRef, total);
  const context = useMemo(() => ({ view, params, form, reload }), [view, params, form, reload]);

  const onSave = (mode: SaveMode) => {
    if (mode !== 3) return void saving.save(mode);
    if (saving.checkBeforeSigning()) setConfirming(true);
  };

  return (
    <QuestionnaireContext.Provider value={context}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {view.title}
          </Title>
          {view.description && (
            <Text component="div" c="dimmed" size="sm">
              <HtmlContent html={view.description} />
            </Text>
          )}
        </Stack>
        <OfflineReplyNotice online={offline.online} editable={canSaveDraft(view)} pending={offline.pending} sending={offline.sending} />
        {offline.refused && <ErrorAlert onClose={offline.dismissRefused}>{t('offline.refused', { message: offline.refused })}</ErrorAlert>}
        {saving.conflict && <ErrorAlert onClose={saving.dismissConflict}>{saving.conflict}</ErrorAlert>}
        {offline.conflict ? (
          <ReplyConflictScreen conflict={offline.conflict} onResolve={offline.resolve} />
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md" ref={blocksRef}>
                {showsProgress(view) && total > 0 && <ProgressHeader current={current} total={total} />}
                {items.map((item) => (
                  <QuestionBlock key={item.id} item={item} />
                ))}
                {interviewItem && <InterviewDateField item={interviewItem} />}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Box style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)' }}>
                <Stack gap="md">
                  <ControlBlock
                    view={view}
                    busy={saving.busy}
                    uploading={form.uploading > 0}
                    onSave={onSave}
                    onExport={() => void saving.exportFile()}
                  />
                  <SignatoryBlock view={view} />
                </Stack>
              </Box>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('confirmSign.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('confirmSign.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('confirmSign.cancel')}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                setConfirming(false);
                void saving.save(3);
              }}
            >
              {t('confirmSign.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </QuestionnaireContext.Provider>
  );
}
