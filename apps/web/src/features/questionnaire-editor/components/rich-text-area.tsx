import { useState } from 'react';
import { Textarea } from '@mantine/core';
import { htmlToText, textToHtml } from '../../../shell/rich-text';

type Props = { label: string; description?: string; value: string | null; onChange: (html: string | null) => void };

/**
 * A description stored as HTML and typed as text (no rich-text editor in the app): the typed text
 * stays as typed here, the state receives its paragraphs.
 */
export function RichTextArea({ label, description, value, onChange }: Props) {
  const [text, setText] = useState(() => htmlToText(value ?? ''));
  return (
    <Textarea
      label={label}
      description={description}
      value={text}
      autosize
      minRows={3}
      maxRows={12}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const html = textToHtml(next);
        onChange(html === '' ? null : html);
      }}
    />
  );
}
