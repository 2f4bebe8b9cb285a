import { ActionIcon, Badge, Box, Group, Paper, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconAlertCircle, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isGrid, type Block } from '../editor/blocks';
import type { BlockContext } from './block-actions';
import { ClusterEditor } from './cluster-editor';
import { FieldAttributes } from './field-attributes';

type Props = BlockContext & { block: Block; position: number; selected: boolean };

export const blockElementId = (key: string) => `editor-block-${key}`;

/** The kind of a block in words: its field type, the sort of cluster, or title. */
function useKindLabel(block: Block): string {
  const { t } = useTranslation('questionnaire-editor');
  if (block.itemType === 'title') return t('kinds.title');
  if (block.itemType === 'field') return t(`types.${block.type}`);
  if (isGrid(block)) return t('kinds.grid');
  return block.openedQuestions ? t('kinds.open') : t('kinds.cluster');
}

/** The editor of the selected block, by item type. */
function BlockBody({ block, ...context }: BlockContext & { block: Block }) {
  const { t } = useTranslation('questionnaire-editor');
  const { actions, errors, translate } = context;
  if (block.itemType === 'cluster') return <ClusterEditor block={block} {...context} />;
  if (block.itemType === 'title') {
    return (
      <Textarea
        label={t('block.titleText')}
        withAsterisk
        autosize
        minRows={1}
        value={block.title}
        maxLength={5000}
        error={errors.title ? translate(errors.title) : undefined}
        onChange={(event) => actions.update(block.key, { title: event.currentTarget.value })}
      />
    );
  }
  return (
    <FieldAttributes
      {...context}
      item={block}
      prefix=""
      onPatch={(patch) => actions.update(block.key, patch)}
      onAddOption={() => actions.addOption(block.key)}
      onRemoveOption={(position) => actions.removeOption(block.key, position)}
    />
  );
}

/**
 * One block of the list (spec 3 §4): a drag handle, its kind and title; selecting it opens its
 * editor underneath. A block in error is outlined and flagged.
 */
export function BlockCard({ block, position, selected, ...context }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const kind = useKindLabel(block);
  const sortable = useSortable({ id: block.key });
  const inError = Object.keys(context.errors).length > 0;
  const title = block.title.trim() || t('block.untitled');
  return (
    <Paper
      ref={sortable.setNodeRef}
      id={blockElementId(block.key)}
      withBorder
      radius="md"
      data-testid="editor-block"
      data-selected={selected || undefined}
      data-error={inError || undefined}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        borderColor: inError ? 'var(--mantine-color-red-6)' : selected ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: selected || inError ? 2 : 1,
        scrollMarginTop: 80,
      }}
    >
      <Group gap={4} wrap="nowrap" p={6} align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('block.drag', { title })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <UnstyledButton
          onClick={() => context.actions.select(selected ? null : block.key)}
          aria-expanded={selected}
          aria-controls={selected ? `${blockElementId(block.key)}-body` : undefined}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" miw={22}>
              {position + 1}.
            </Text>
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              {kind}
            </Badge>
            {inError && <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label={t('block.hasErrors')} />}
            <Text size="sm" fw={block.itemType === 'title' ? 700 : 500} truncate c={block.title.trim() ? undefined : 'dimmed'}>
              {title}
            </Text>
          </Group>
        </UnstyledButton>
        <Tooltip label={t('block.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('block.removeNamed', { title })}
            onClick={() => context.actions.askRemove(block.key)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {selected && (
        <Box id={`${blockElementId(block.key)}-body`} px="md" pb="md" pt={4}>
          <BlockBody block={block} {...context} />
        </Box>
      )}
    </Paper>
  );
}
