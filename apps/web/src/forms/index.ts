/** Public API of the server-built form renderer (spec 1 §3.6). */
export { ServerForm, type ServerFormProps } from './server-form';
export { useServerForm, type ServerFormController } from './use-server-form';
export { FormServicesProvider, useFormServices, toFileUploadRequest, type FormServices } from './form-services';
export { useTranslateMessage } from './messages';
export { buildPayload, computeVisibility, initialValues, type FieldValues } from './form-state';
export { RichTextEditor, type RichTextEditorProps, type RichTextVariant } from './rich-text-editor';
export { ReadOnlyBox } from './read-only-box';
export { useDateHints } from './date-hints';
