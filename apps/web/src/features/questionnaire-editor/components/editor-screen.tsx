import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useBlocker, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireEditorModel, QuestionnaireEditorOptions } from '@lea/shared';
import { withOption, withoutOption, type BlockDefaults } from '../editor/blocks';
import { removeDraft, writeDraft } from '../editor/draft-storage';
import { editorReducer, stateFromModel, type EditorErrors, type EditorState } from '../editor/editor-state';
import { useTranslateMessage } from '../../../forms';
import { useEditorSave } from '../editor/use-editor-save';
import type { BlockActions } from './block-actions';
import { blockElementId } from './block-card';
import { BlocksPanel } from './blocks-panel';
import { ConfirmDialog } from '../../../shell/confirm-dialog';
import { LeaveGuard } from './leave-guard';
import { PageHeader } from '../../../shell/page-header';
import { SettingsPanel } from './settings-panel';
import { sectionOf, type SettingsSection } from './settings-types';

type Props = {
  courseId: number;
  options: QuestionnaireEditorOptions;
  initial: EditorState;
  /** The saved questionnaire, to discard a restored local draft of it. */
  serverModel: QuestionnaireEditorModel | null;
  restored: boolean;
};

type PendingRemove = { key: string; rowKey?: string };

/** The questionnaire editor (spec 3 §2.2, §4): settings beside the blocks, stacked on a phone. */
export function EditorScreen({ courseId, options, initial, serverModel, restored }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const navigate = useNavigate();
  const translate = useTranslateMessage();
  const [state, dispatch] = useReducer(editorReducer, initial);
  const [opened, setOpened] = useState<SettingsSection[]>(['general']);
  const [pending, setPending] = useState<PendingRemove | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [scrollKey, setScrollKey] = useState<{ key: string } | null>(null);
  const listPath = `/lea-manager/${courseId}/questionnaire/list`;

  const defaults = useMemo<BlockDefaults>(
    () => ({ option: (n) => t('defaults.option', { n }), row: (n) => t('defaults.row', { n }) }),
    [t],
  );

  // The local draft copy follows every change and goes once saved or discarded (spec 3 §4).
  useEffect(() => {
    if (state.saved) removeDraft(courseId, state.questionnaireId);
    else writeDraft(courseId, state);
  }, [courseId, state]);

  // Reveals a block once it is selected and rendered open (an invalid one after a failed save).
  useEffect(() => {
    if (!scrollKey) return;
    const element = document.getElementById(blockElementId(scrollKey.key));
    element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    element?.querySelector<HTMLElement>('[aria-invalid="true"], textarea, input')?.focus({ preventScroll: true });
  }, [scrollKey]);

  const onInvalid = (errors: EditorErrors, firstBlockKey: string | null) => {
    if (firstBlockKey) setScrollKey({ key: firstBlockKey });
    const sections = Object.keys(errors.settings).map(sectionOf);
    if (sections.length > 0) setOpened((current) => [...new Set([...current, ...sections])]);
  };
  const { save, saving } = useEditorSave({ courseId, state, dispatch, onInvalid });

  // Leaving while unsaved asks first; the first save's move to the edit route is not a leave.
  const allowLeave = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !allowLeave.current && !state.saved && currentLocation.pathname !== nextLocation.pathname,
  );

  const runSave = async () => {
    const outcome = await save();
    if (outcome.ok && outcome.created) {
      allowLeave.current = true;
      void navigate(`/lea-manager/${courseId}/questionnaire/edit/${outcome.model.id}`, { replace: true });
    }
    return outcome.ok;
  };

  const actions = useMemo<BlockActions>(
    () => ({
      select: (key) => dispatch({ type: 'select', key }),
      update: (key, patch) => dispatch({ type: 'update', key, patch, defaults }),
      addOption: (key, rowKey) => {
        const block = state.blocks.find((item) => item.key === key);
        const row = block?.questions.find((item) => item.key === rowKey);
        if (row && block)
          dispatch({ type: 'updateRow', key, rowKey: row.key, patch: { valueList: withOption(row, defaults).valueList }, defaults });
        else if (block) dispatch({ type: 'update', key, patch: { valueList: withOption(block, defaults).valueList }, defaults });
      },
      removeOption: (key, position, rowKey) => {
        const block = state.blocks.find((item) => item.key === key);
        const row = block?.questions.find((item) => item.key === rowKey);
        if (row && block)
          dispatch({ type: 'updateRow', key, rowKey: row.key, patch: { valueList: withoutOption(row, position).valueList }, defaults });
        else if (block) dispatch({ type: 'update', key, patch: { valueList: withoutOption(block, position).valueList }, defaults });
      },
      addRow: (key) => dispatch({ type: 'addRow', key, defaults }),
      updateRow: (key, rowKey, patch) => dispatch({ type: 'updateRow', key, rowKey, patch, defaults }),
      moveRow: (key, from, to) => dispatch({ type: 'moveRow', key, from, to }),
      askRemove: (key, rowKey) => setPending(rowKey === undefined ? { key } : { key, rowKey }),
    }),
    [defaults, state.blocks],
  );

  const confirmRemove = () => {
    if (!pending) return;
    dispatch(pending.rowKey ? { type: 'removeRow', key: pending.key, rowKey: pending.rowKey } : { type: 'remove', key: pending.key });
    setPending(null);
  };

  const discard = () => {
    removeDraft(courseId, state.questionnaireId);
    if (serverModel) dispatch({ type: 'reset', state: stateFromModel(serverModel) });
    setDiscarding(false);
  };

  const settingsError = (field: string) => {
    const message = state.errors.settings[field];
    return message ? translate(message) : undefined;
  };

  return (
    <Stack gap="md" pb="xl">
      <PageHeader
        title={state.settings.title.trim() || t('editor.newTitle')}
        back={{ to: listPath, label: t('editor.backToList') }}
        subtitle={
          <Group gap="xs">
            <Badge color={state.saved ? 'green' : 'orange'} variant="light" data-testid="editor-saved-state">
              {state.saved ? t('editor.saved') : t('editor.unsaved')}
            </Badge>
            {state.skillSession && (
              <Badge
                color="blue"
                variant="light"
                tt="none"
                maw="100%"
                title={t('editor.skillSessionHelp', { name: state.skillSession.name })}
                data-testid="editor-skill-session"
              >
                {t('editor.skillSession', { name: state.skillSession.name })}
              </Badge>
            )}
          </Group>
        }
        actions={
          <Group gap="xs">
            {restored && serverModel && !state.saved && (
              <Button variant="default" leftSection={<IconRestore size={16} />} onClick={() => setDiscarding(true)}>
                {t('editor.discard')}
              </Button>
            )}
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void runSave()}>
              {t('editor.save')}
            </Button>
          </Group>
        }
      />
      {restored && !state.saved && (
        <Alert color="blue" variant="light">
          {t('editor.restored')}
        </Alert>
      )}
      {state.isAlreadySigned && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={t('editor.signedTitle')}>
          {t('editor.signedText')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SettingsPanel
            settings={state.settings}
            options={options}
            error={settingsError}
            onChange={(patch) => dispatch({ type: 'settings', patch })}
            opened={opened}
            onOpenedChange={setOpened}
            errorFields={Object.keys(state.errors.settings)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <BlocksPanel
            blocks={state.blocks}
            selectedKey={state.selectedKey}
            settings={state.settings}
            errors={state.errors}
            signed={state.isAlreadySigned}
            translate={translate}
            actions={actions}
            onAdd={(kind) => dispatch({ type: 'add', kind, defaults })}
            onMove={(from, to) => dispatch({ type: 'move', from, to })}
          />
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.rowKey ? t('block.removeRowTitle') : t('block.removeTitle')}
        message={t(state.isAlreadySigned ? 'block.removeSignedText' : 'block.removeText')}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        opened={discarding}
        title={t('editor.discardTitle')}
        message={t('editor.discardText')}
        confirmLabel={t('editor.discard')}
        onConfirm={discard}
        onClose={() => setDiscarding(false)}
      />
      <LeaveGuard
        blocker={blocker}
        saving={saving}
        onSave={() =>
          void save().then((outcome) => {
            // Saved: go where the user was going (a new questionnaire does not move to its edit route first).
            allowLeave.current = outcome.ok;
            if (outcome.ok) blocker.proceed?.();
            else blocker.reset?.();
          })
        }
        onLeave={() => {
          removeDraft(courseId, state.questionnaireId);
          blocker.proceed?.();
        }}
      />
    </Stack>
  );
}
