import type { ReactNode } from 'react';
import { ActionIcon, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppState } from './app-state';

/** false while the browser or the last call says there is no connection. */
export function useOnline(): boolean {
  return !useAppState((state) => state.offline);
}

/**
 * An action that needs the server (send, save, sign, upload, download, delete): offline it is
 * disabled and says why, in a tooltip on hover, focus or touch and in text for screen readers,
 * instead of failing once clicked. A disabled button receives no pointer or focus events, hence
 * the wrapper that carries the tooltip.
 *
 *   <NeedsNetwork>{(offline) => <Button disabled={offline || busy}>…</Button>}</NeedsNetwork>
 */
export function NeedsNetwork({ children, block = false }: { children: (offline: boolean) => ReactNode; block?: boolean }) {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return children(false);
  const reason = t('offlineMark.actionDisabled');
  return (
    <Tooltip label={reason} events={{ hover: true, focus: true, touch: true }} withArrow>
      <Box component="span" tabIndex={0} display={block ? 'block' : 'inline-block'} data-testid="offline-action">
        {children(true)}
        <VisuallyHidden>{reason}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}

type NetworkActionIconProps = {
  /** The accessible name and, online, the tooltip. */
  label: string;
  children: ReactNode;
  onClick?: () => void;
  /** A file link: offline a disabled button (the file is on the server). */
  href?: string;
  download?: string;
  color?: string;
  loading?: boolean;
};

/** The icon buttons of list rows (edit, delete, pin, download), disabled offline with the reason. */
export function NetworkActionIcon({ label, children, href, download, ...props }: NetworkActionIconProps) {
  return (
    <NeedsNetwork>
      {(offline) => (
        <Tooltip label={label} disabled={offline}>
          {href && !offline ? (
            <ActionIcon component="a" href={href} download={download} variant="subtle" aria-label={label} {...props}>
              {children}
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" aria-label={label} disabled={offline} {...props}>
              {children}
            </ActionIcon>
          )}
        </Tooltip>
      )}
    </NeedsNetwork>
  );
}
