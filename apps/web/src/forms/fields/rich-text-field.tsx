import { HtmlContent } from '../../shell/html-content';
import { ReadOnlyBox } from '../read-only-box';
import { RichTextEditor } from '../rich-text-editor';
import { textOf, type FieldViewProps } from './field-props';

/** The editor kind: HTML typed in the rich-text editor of its type (simple or medium, spec 1 §3.6). */
export function RichTextField({ field, value, error, onChange, onBlur }: FieldViewProps) {
  const html = textOf(value);
  if (field.disabled || field.attributes.readonly) {
    return (
      <ReadOnlyBox id={field.id} label={field.label} description={field.help ?? undefined}>
        <HtmlContent html={html} />
      </ReadOnlyBox>
    );
  }
  return (
    <RichTextEditor
      id={field.id}
      label={field.label}
      description={field.help ?? undefined}
      error={field.attributes.hideError ? undefined : error}
      required={field.required}
      value={html}
      onChange={onChange}
      onBlur={onBlur}
      variant={field.attributes.editorType ?? 'medium'}
    />
  );
}
