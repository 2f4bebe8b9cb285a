/**
 * Rich text (HTML paragraphs) edited as plain text: the web app has no rich-text editor, so HTML
 * read from the server becomes text with blank lines between paragraphs, and typed text becomes
 * paragraphs again. Shared by the screens that edit such texts (questionnaire descriptions…).
 */
const HTML_TAG = /<\/?[a-z][^>]*>/i;

export function looksLikeHtml(value: string): boolean {
  return HTML_TAG.test(value);
}

/** Paragraphs and line breaks become newlines; every other tag is dropped and entities decoded. */
export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return html;
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>\s*/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ');
  const doc = new DOMParser().parseFromString(marked, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Blank-line separated paragraphs, single newlines as line breaks; empty text gives ''. */
export function textToHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
