import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../sign-in.module.css';

/** The sanitiser (DOMPurify) loads with the first text shown (decision 034). */
const SanitizedHtml = lazy(() => import('../../../shell/sanitized-html'));

export function SignInHtml({ html }: { html: string | null | undefined }) {
  return (
    <Suspense fallback={null}>
      <SanitizedHtml html={html} />
    </Suspense>
  );
}

/**
 * A dialog of the sign-in page (a footer text, the documents as a drawer on the right): the browser's modal `<dialog>`,
 * which keeps the focus inside, closes on Escape and gives it back to the opener.
 */
export function SignInDialog({
  title,
  drawer = false,
  onClose,
  children,
}: {
  title: string;
  drawer?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      data-drawer={drawer || undefined}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the box) closes, as Mantine's modals do.
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className={classes.dialogHeader}>
        <h2 className={classes.dialogTitle} id={titleId}>
          {title}
        </h2>
        <button type="button" className={classes.close} aria-label={t('close')} onClick={() => ref.current?.close()}>
          <IconX size={18} aria-hidden />
        </button>
      </div>
      <div className={classes.dialogBody}>{children}</div>
    </dialog>
  );
}
