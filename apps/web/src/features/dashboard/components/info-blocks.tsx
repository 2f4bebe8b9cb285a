import { useState } from 'react';
import { Button, Drawer, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Triad } from '@lea/shared';
import { LazyHtmlContent } from '../../../shell/lazy-html-content';

const BLOCK_TYPES = ['presentation', 'contact', 'partner', 'communication'] as const;
type BlockType = (typeof BLOCK_TYPES)[number];

/** The course's information panels with display on (spec 2 §2): each button opens a side drawer. */
export function InfoBlocks({ blocks }: { blocks: Triad['trainingCourse']['infoBlocks'] }) {
  const [selected, setSelected] = useState<BlockType | null>(null);
  const [opened, setOpened] = useState(false);
  const shown = BLOCK_TYPES.flatMap((type) => {
    const block = blocks[type];
    return block?.display ? [{ type, ...block }] : [];
  });
  // The selection outlives the drawer's closing animation, so its title and text stay until it is gone.
  const current = shown.find((block) => block.type === selected) ?? null;
  if (shown.length === 0) return null;
  return (
    <>
      <Group gap="xs">
        {shown.map((block) => (
          <Button
            key={block.type}
            variant="light"
            size="xs"
            leftSection={<IconInfoCircle size={16} />}
            onClick={() => {
              setSelected(block.type);
              setOpened(true);
            }}
          >
            {block.blockName}
          </Button>
        ))}
      </Group>
      <Drawer opened={opened && current !== null} onClose={() => setOpened(false)} position="right" title={current?.blockName} size="md">
        <LazyHtmlContent html={current?.content} />
      </Drawer>
    </>
  );
}
