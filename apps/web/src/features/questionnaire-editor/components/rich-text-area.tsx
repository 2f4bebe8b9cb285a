import { useId } from 'react';
import { RichTextEditor } from '../../../forms';

type Props = { label: string; description?: string; value: string | null; onChange: (html: string | null) => void };

/** A questionnaire description: HTML written in the medium editor; an emptied one is stored as null. */
export function RichTextArea({ label, description, value, onChange }: Props) {
  const id = useId();
  return (
    <RichTextEditor
      id={id}
      label={label}
      description={description}
      value={value ?? ''}
      onChange={(html) => onChange(html === '' ? null : html)}
      variant="medium"
    />
  );
}
