import { useEffect, useState } from 'react';
import { Center, Loader, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PULL_TO_REFRESH_DELAY_MS, PULL_TO_REFRESH_RATIO } from '@lea/shared';

/** True once the drag from the top has covered a quarter of the screen height (spec 1 §9). */
export function isPullComplete(distance: number, screenHeight: number): boolean {
  return distance >= screenHeight * PULL_TO_REFRESH_RATIO;
}

const reloadPage = () => window.location.reload();

/**
 * Pull-to-refresh on touch screens: a drag down that starts with the page scrolled to the top
 * shows a spinner and reloads the page after 0.5 s once it reaches the threshold.
 */
export function PullToRefresh({ reload = reloadPage }: { reload?: () => void }) {
  const { t } = useTranslation('shell');
  const [progress, setProgress] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (!('ontouchstart' in window)) return;
    let startY: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const distance = (event.touches[0]?.clientY ?? startY) - startY;
      setProgress(Math.max(0, Math.min(1, distance / (window.innerHeight * PULL_TO_REFRESH_RATIO))));
    };
    const onEnd = (event: TouchEvent) => {
      if (startY === null) return;
      const distance = (event.changedTouches[0]?.clientY ?? startY) - startY;
      startY = null;
      setProgress(0);
      if (!isPullComplete(distance, window.innerHeight)) return;
      setRefreshing(true);
      timer = setTimeout(reload, PULL_TO_REFRESH_DELAY_MS);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      clearTimeout(timer);
    };
  }, [reload]);

  if (!refreshing && progress === 0) return null;
  return (
    <Center
      pos="fixed"
      top={8 + progress * 48}
      left={0}
      right={0}
      style={{ zIndex: 300, pointerEvents: 'none', opacity: refreshing ? 1 : progress }}
      role="status"
      aria-label={t('pullToRefresh')}
    >
      <Paper shadow="md" radius="xl" p={8} withBorder>
        <Loader size="sm" />
      </Paper>
    </Center>
  );
}
