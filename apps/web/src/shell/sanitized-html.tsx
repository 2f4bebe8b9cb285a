import { sanitizeHtml } from './sanitize-html';
import classes from './html-content.module.css';

/** A platform HTML text, sanitised, without Mantine's typography: for the sign-in page, which draws without Mantine. */
export default function SanitizedHtml({ html }: { html: string | null | undefined }) {
  return <div className={classes.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
