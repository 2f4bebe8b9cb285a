/**
 * The platform's texts (home alert, presentation, legal notices) are HTML written in the back
 * office. They are rendered after removing what could run code: script-like elements, event
 * handler attributes and javascript:/vbscript: URLs.
 */
const FORBIDDEN_ELEMENTS = 'script, style, iframe, frame, frameset, object, embed, link, meta, base, template, noscript, animate, set';
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background']);

function isDangerousUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside the scheme: "java\tscript:" still runs.
  const compact = Array.from(value)
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  return compact.startsWith('javascript:') || compact.startsWith('vbscript:') || compact.startsWith('data:text/html');
}

export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.body.querySelectorAll(FORBIDDEN_ELEMENTS).forEach((element) => element.remove());
  document.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || (URL_ATTRIBUTES.has(name) && isDangerousUrl(attribute.value))) {
        element.removeAttribute(attribute.name);
      }
    }
    // Links to other sites open apart and cannot reach back to this window.
    if (element.tagName === 'A' && element.getAttribute('target') === '_blank') {
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return document.body.innerHTML;
}
