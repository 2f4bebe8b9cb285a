import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';

export type SortableRow = { id: number; label: string; detail?: string | undefined };

function Row({ row, handleLabel, actions }: { row: SortableRow; handleLabel: string; actions: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      px="xs"
      py={6}
      component="li"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group wrap="nowrap" gap="xs">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={handleLabel}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.label}
          </Text>
          {row.detail && (
            <Text size="xs" c="dimmed">
              {row.detail}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}

type Props = {
  rows: SortableRow[];
  /** The row's new index among these rows (the entity's siblings), as `…/sort/{id}/{index}` wants it. */
  onMove: (row: SortableRow, index: number) => void;
  handleLabel: (row: SortableRow) => string;
  actions: (row: SortableRow) => ReactNode;
  label: string;
};

/** The rows of one group (a unit's subjects, a subject's lessons), dragged to reorder (spec 3 §9: 200 ms delay on touch). */
export function SortableRows({ rows, onMove, handleLabel, actions, label }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = rows.find((candidate) => candidate.id === active.id);
    const to = over ? rows.findIndex((candidate) => candidate.id === over.id) : -1;
    if (row && to >= 0 && active.id !== over?.id) onMove(row, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <Row key={row.id} row={row} handleLabel={handleLabel(row)} actions={actions(row)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
