import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type RichTextVariant = 'simple' | 'medium';

/** Spec 1 §9: editor height 300, 150 for the simple type. */
export const EDITOR_HEIGHT: Record<RichTextVariant, number> = { simple: 150, medium: 300 };

export type RichTextEditorProps = {
  id: string;
  /** The visible label; without one, `ariaLabel` names the editor for screen readers. */
  label?: string;
  ariaLabel?: string;
  description?: string;
  error?: string;
  required?: boolean;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  variant: RichTextVariant;
};

// Tiptap and ProseMirror weigh more than the rest of a form: they load with the first editor shown.
const RichTextEditorView = lazy(() => import('./rich-text-editor-view'));

/** The one rich-text editor of the app (Mantine's Tiptap), for answers, descriptions and form fields. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('inputs');
  return (
    // A named status, not a bare div with a label (axe's aria-prohibited-attr while the editor's code loads).
    <Suspense fallback={<Skeleton height={EDITOR_HEIGHT[props.variant]} role="status" aria-label={t('richText.loading')} />}>
      <RichTextEditorView {...props} />
    </Suspense>
  );
}
