import { Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconForms,
  IconHeading,
  IconLayoutList,
  IconPlus,
  IconTable,
  IconTextPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Block, BlockKind, Settings } from '../editor/blocks';
import type { EditorErrors } from '../editor/editor-state';
import type { BlockActions } from './block-actions';
import { BlockCard } from './block-card';

type Props = {
  blocks: Block[];
  selectedKey: string | null;
  settings: Settings;
  errors: EditorErrors;
  signed: boolean;
  translate: (message: string) => string;
  actions: BlockActions;
  onAdd: (kind: BlockKind) => void;
  onMove: (from: string, to: string) => void;
};

const ADD_KINDS: { kind: BlockKind; icon: typeof IconForms }[] = [
  { kind: 'field', icon: IconForms },
  { kind: 'cluster', icon: IconLayoutList },
  { kind: 'grid', icon: IconTable },
  { kind: 'open', icon: IconTextPlus },
  { kind: 'title', icon: IconHeading },
];

/** Spec 3 §9: a touch drag starts after 200 ms (so that the list still scrolls); the mouse after a few pixels. */
const TOUCH_DELAY = { delay: 200, tolerance: 6 };

/** The questionnaire's blocks: added, selected, reordered by drag (or the keyboard) and removed. */
export function BlocksPanel({ blocks, selectedKey, settings, errors, signed, translate, actions, onAdd, onMove }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_DELAY }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  const addMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} size="sm">
          {t('blocks.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADD_KINDS.map(({ kind, icon: Icon }) => (
          <Menu.Item key={kind} leftSection={<Icon size={16} />} onClick={() => onAdd(kind)}>
            {t(`blocks.addKind.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Stack gap="sm" component="section" aria-label={t('blocks.heading')}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={700}>{t('blocks.heading')}</Text>
          <Badge variant="light" color="gray">
            {blocks.length}
          </Badge>
        </Group>
        {addMenu}
      </Group>
      {blocks.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" ta="center">
            {t('blocks.empty')}
          </Text>
        </Paper>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={blocks.map((block) => block.key)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs">
            {blocks.map((block, position) => (
              <BlockCard
                key={block.key}
                block={block}
                position={position}
                selected={block.key === selectedKey}
                actions={actions}
                errors={errors.blocks[block.key] ?? {}}
                profiles={settings.visibleBy}
                translate={translate}
                signed={signed}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {settings.useInterviewDate && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="interview-date-item">
          <Group gap="xs" wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm" fw={500} style={{ flex: 1 }}>
              {settings.interviewDateLabel?.trim() || t('blocks.interviewDefault')}
            </Text>
            <Badge variant="light" size="sm">
              {t('types.11')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('blocks.interviewHelp')}
          </Text>
        </Paper>
      )}
      {blocks.length > 3 && <Group justify="flex-end">{addMenu}</Group>}
    </Stack>
  );
}
