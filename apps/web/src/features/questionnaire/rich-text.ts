/**
 * Long-text answers (type 1) are rich text on the wire: HTML paragraphs, as the PDF and the other
 * profiles read them. Without a rich editor the page edits them as plain text in a textarea, so a
 * stored answer is turned into text for editing and typed text back into paragraphs when saved.
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

/** Blank-line separated paragraphs, single newlines as line breaks. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
