import { useEffect, useState, type RefObject } from 'react';
import { Group, Paper, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Spec 1 §2.9: starts at 1 and counts the blocks scrolled past the middle of the screen. An
 * IntersectionObserver on a thin band at mid-height wakes the count whenever a block's edge crosses it.
 */
export function useBlockProgress(container: RefObject<HTMLElement | null>, blockCount: number): number {
  const [current, setCurrent] = useState(1);
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const blocks = Array.from(root.querySelectorAll<HTMLElement>('[data-progress-block]'));
    const last = blocks.at(-1);
    const count = () => {
      const total = Math.max(1, blocks.length);
      // Before any scroll the reader is on the first block, whatever fits on the screen.
      if (window.scrollY <= 0) return setCurrent(1);
      // At the end of the page the last blocks cannot pass the middle any more: they are read.
      if (last && last.getBoundingClientRect().bottom <= window.innerHeight) return setCurrent(total);
      const middle = window.innerHeight / 2;
      const passed = blocks.filter((block) => block.getBoundingClientRect().bottom < middle).length;
      setCurrent(Math.min(1 + passed, total));
    };
    const observer = new IntersectionObserver(count, { rootMargin: '-50% 0px -49% 0px', threshold: 0 });
    blocks.forEach((block) => observer.observe(block));
    // The last block's bottom entering the screen marks the end of the page.
    const end = new IntersectionObserver(count, { threshold: [0, 0.5, 1] });
    if (last) end.observe(last);
    count();
    return () => {
      observer.disconnect();
      end.disconnect();
    };
  }, [container, blockCount]);
  return current;
}

/** The sticky bar titled 'question' over the blocks. */
export function ProgressHeader({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation('questionnaire');
  const percent = total > 0 ? (current / total) * 100 : 0;
  return (
    <Paper withBorder radius="md" p="xs" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 5 }}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('progress.label', { current, total })}
        </Text>
        <Progress value={percent} style={{ flex: 1 }} aria-label={t('progress.aria', { current, total })} transitionDuration={200} />
      </Group>
    </Paper>
  );
}
