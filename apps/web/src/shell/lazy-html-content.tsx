import { lazy, Suspense } from 'react';

const HtmlContent = lazy(() => import('./html-content').then((module) => ({ default: module.HtmlContent })));

/**
 * HtmlContent with its sanitiser (DOMPurify) loaded when a text is first shown: for the first pages (login, shell, dashboard),
 * whose first paint must not wait for it (decision 034).
 */
export function LazyHtmlContent({ html }: { html: string | null | undefined }) {
  return (
    <Suspense fallback={null}>
      <HtmlContent html={html} />
    </Suspense>
  );
}
