import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Anchor, Button } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHomeDocuments } from '../api';

/** The drawer is its own chunk, loaded on the first click: the login page loads no dialog code (decision 034). */
const DocumentsDrawer = lazy(() => import('./documents-drawer'));

/** A tab standing on the right edge of the window, its text read bottom to top. */
const SIDE_TAB: CSSProperties = {
  position: 'fixed',
  right: 0,
  top: '50%',
  transform: 'translate(calc(50% - 1.125rem), -50%) rotate(-90deg)',
  borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0',
  zIndex: 100,
};

/**
 * The platform's global documents in a drawer, opened by a tab on the right edge or, on a
 * phone where that tab would cover the content, by a link among the footer links (`inline`).
 */
export function DocumentsTab({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('auth');
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const open = () => {
    setOpened(true);
    setEverOpened(true);
  };
  const close = () => setOpened(false);
  const { data } = useHomeDocuments();
  const documents = data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <>
      {inline ? (
        <Anchor component="button" type="button" size="sm" onClick={open}>
          {t('layout.documents')}
        </Anchor>
      ) : (
        <Button onClick={open} leftSection={<IconFiles size={16} />} style={SIDE_TAB}>
          {t('layout.documents')}
        </Button>
      )}
      {everOpened && (
        <Suspense fallback={null}>
          <DocumentsDrawer documents={documents} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
