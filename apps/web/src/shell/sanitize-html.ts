import DOMPurify from 'dompurify';
import { HTML_PURIFY_CONFIG, setLinkTarget } from '@lea/shared/html-allow-list';

DOMPurify.addHook('afterSanitizeAttributes', setLinkTarget);

/**
 * HTML from the server (platform texts, descriptions, answers) as it may be shown: the server
 * already cleans what it stores, and the browser applies the same allow-list again, so that a
 * row written before that rule, or by another path, cannot carry a script to a reader.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  return html ? DOMPurify.sanitize(html, HTML_PURIFY_CONFIG) : '';
}
