import { useMemo } from 'react';
import { Typography, type TypographyProps } from '@mantine/core';
import { sanitizeHtml } from '../sanitize-html';

/** Back-office HTML shown with the typography styles, once sanitised. */
export function SafeHtml({ html, ...props }: { html: string } & TypographyProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
