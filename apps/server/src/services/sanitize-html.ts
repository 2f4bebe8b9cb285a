import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { HTML_PURIFY_CONFIG, setLinkTarget } from '@lea/shared/html-allow-list';

let purifier: DOMPurify | null = null;

/** One DOMPurify on one jsdom window for the process: building a window costs tens of milliseconds. */
function htmlPurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(new JSDOM('').window);
    purifier.addHook('afterSanitizeAttributes', setLinkTarget);
  }
  return purifier;
}

/**
 * Rich text as it may be stored (long-text answers, questionnaire descriptions): the shared
 * allow-list, so that no reader ever gets a script from the database, whatever shows it.
 */
export function sanitizeHtml(html: string): string {
  return htmlPurifier().sanitize(html, HTML_PURIFY_CONFIG);
}
