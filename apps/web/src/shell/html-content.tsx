import { Typography } from '@mantine/core';
import { sanitizeHtml } from './sanitize-html';
import classes from './html-content.module.css';

/** A platform HTML text, sanitised, with Mantine's typography styles for both colour schemes. */
export function HtmlContent({ html }: { html: string | null | undefined }) {
  return (
    <Typography className={classes.content}>
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </Typography>
  );
}
