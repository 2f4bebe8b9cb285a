/**
 * The one allow-list of rich text (answers, questionnaire descriptions, platform texts), as plain
 * data for DOMPurify: the server applies it when HTML is stored, the web app when HTML is shown.
 * It holds what the editor (Tiptap's starter kit and links) writes plus the tables and images of
 * platform texts; everything else is unwrapped (its text kept) or, for scripts, styles, SVG and
 * MathML, dropped with its content.
 */
export const HTML_ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

/** No style, class, id, event handler, data-* or aria-* attribute: only these. */
export const HTML_ALLOWED_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'start'] as const;

/**
 * URLs in href and src: http, https, mailto and tel, or relative ones. DOMPurify strips blanks and
 * control characters before testing (browsers ignore them inside a scheme, "jav&#x09;ascript:").
 */
export const HTML_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * DOMPurify's afterSanitizeAttributes hook on both sides: every kept link opens in a new tab
 * without giving the opened page a handle on this one.
 */
export function setLinkTarget(node: { tagName: string; setAttribute(name: string, value: string): void }): void {
  if (node.tagName !== 'A') return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
}

/** The DOMPurify configuration both sides pass (string output, no data-* nor aria-* attributes). */
export const HTML_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
