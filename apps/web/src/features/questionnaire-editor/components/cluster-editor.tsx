import { ActionIcon, Button, Group, Input, Paper, SegmentedControl, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GRID_CLUSTER_DISPLAY_MODE } from '@lea/shared';
import { isGrid, type Block } from '../editor/blocks';
import type { BlockContext } from './block-actions';
import { FieldAttributes, MarkSwitches } from './field-attributes';
import { ProfileChecks } from './profile-checks';
import { ValueListEditor } from './value-list-editor';

type Props = BlockContext & { block: Block };

/** A cluster's rows: each a field (a grid row takes the cluster's columns), reordered with arrows. */
function ClusterRows({ block, ...context }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const { actions, errors, translate } = context;
  const grid = isGrid(block);
  const rowsError = errors.questions;
  return (
    <Input.Wrapper label={grid ? t('block.gridRows') : t('block.rows')} error={rowsError ? translate(rowsError) : undefined}>
      <Stack gap="xs" mt={4}>
        {block.questions.map((row, index) => (
          <Paper key={row.key} withBorder radius="sm" p="sm" data-testid="cluster-row">
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {t('block.rowN', { n: index + 1 })}
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('block.rowUp', { n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => actions.moveRow(block.key, index, index - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('block.rowDown', { n: index + 1 })}
                  disabled={index === block.questions.length - 1}
                  onClick={() => actions.moveRow(block.key, index, index + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('block.removeRow', { n: index + 1 })}
                  onClick={() => actions.askRemove(block.key, row.key)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <FieldAttributes
              {...context}
              item={row}
              prefix={`questions.${index}.`}
              row
              gridRow={grid}
              onPatch={(patch) => actions.updateRow(block.key, row.key, patch)}
              onAddOption={() => actions.addOption(block.key, row.key)}
              onRemoveOption={(position) => actions.removeOption(block.key, position, row.key)}
            />
          </Paper>
        ))}
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => actions.addRow(block.key)}
          w="fit-content"
        >
          {t('block.addRow')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * A cluster (spec 3 §3): its title (an empty one falls back to a default label), access, grid mode
 * with its columns and marks, its rows, and the open mode where profiles add rows themselves.
 */
export function ClusterEditor({ block, ...context }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const { actions, errors, translate, profiles } = context;
  const error = (field: string) => (errors[field] ? translate(errors[field]) : undefined);
  const patch = (change: Parameters<typeof actions.update>[1]) => actions.update(block.key, change);
  const grid = isGrid(block);
  return (
    <Stack gap="sm">
      <Textarea
        label={t('block.clusterTitle')}
        description={t('block.clusterTitleHelp')}
        autosize
        minRows={1}
        value={block.title}
        maxLength={5000}
        error={error('title')}
        onChange={(event) => patch({ title: event.currentTarget.value })}
      />
      <ProfileChecks
        label={t('block.access')}
        required
        profiles={profiles}
        value={block.access}
        error={error('access')}
        onChange={(access) => patch({ access })}
      />
      <Switch
        label={t('block.grid')}
        description={t('block.gridHelp')}
        checked={grid}
        onChange={(event) => patch({ displayMode: event.currentTarget.checked ? GRID_CLUSTER_DISPLAY_MODE : 1 })}
      />
      {grid && (
        <>
          <ValueListEditor
            label={t('block.columns')}
            values={block.valueList}
            withMarks={block.displayMark}
            errors={errors}
            prefix=""
            translate={translate}
            onChange={(valueList) => patch({ valueList })}
            onAdd={() => actions.addOption(block.key)}
            onRemove={(position) => actions.removeOption(block.key, position)}
          />
          <MarkSwitches item={block} onPatch={patch} />
        </>
      )}
      <ClusterRows block={block} {...context} />
      <Switch
        label={t('block.openedQuestions')}
        description={t('block.openedQuestionsHelp')}
        checked={block.openedQuestions}
        onChange={(event) => patch({ openedQuestions: event.currentTarget.checked })}
      />
      {block.openedQuestions && (
        <>
          <ProfileChecks
            label={t('block.openedQuestionsAccess')}
            required
            profiles={profiles}
            value={block.openedQuestionsAccess}
            error={error('openedQuestionsAccess')}
            onChange={(openedQuestionsAccess) => patch({ openedQuestionsAccess })}
          />
          <Input.Wrapper label={t('block.openedQuestionsType')}>
            <div>
              <SegmentedControl
                aria-label={t('block.openedQuestionsType')}
                value={String(block.openedQuestionsType)}
                onChange={(value) => patch({ openedQuestionsType: Number(value) })}
                data={[
                  { value: '1', label: t('block.oneLine') },
                  { value: '2', label: t('block.multiLine') },
                ]}
              />
            </div>
          </Input.Wrapper>
        </>
      )}
    </Stack>
  );
}
