/**
 * Platform texts (legal notice, terms, privacy notices, help descriptions) are HTML written by
 * administrators. They are shown only after this allow-list pass: unknown elements are unwrapped,
 * dangerous ones dropped with their content, and only plain attributes and safe URLs survive.
 */
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);
const SAFE_SCHEME = /^(https?|mailto|tel):/i;

/** Relative URLs pass; absolute ones only with a safe scheme (browsers ignore blanks inside a scheme). */
function isSafeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020]/g, '');
  return !/^[a-z][a-z0-9+.-]*:/i.test(compact) || SAFE_SCHEME.test(compact);
}

function cleanChildren(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      cleanChildren(child, target, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    for (const { name, value } of Array.from(child.attributes)) {
      if (!ALLOWED_ATTRIBUTES.has(name)) continue;
      if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
      copy.setAttribute(name, value);
    }
    if (tag === 'a') {
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    cleanChildren(child, copy, doc);
    target.appendChild(copy);
  }
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  cleanChildren(parsed.body, container, output);
  return container.innerHTML;
}
