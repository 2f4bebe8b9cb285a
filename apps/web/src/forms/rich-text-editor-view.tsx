import '@mantine/tiptap/styles.css';
import { useEffect, useMemo } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { EDITOR_HEIGHT, type RichTextEditorProps } from './rich-text-editor';

/** An empty document is '' for the form, so that "required" reads it as empty. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation('inputs', { keyPrefix: 'richText' });
  return useMemo(
    () => ({
      boldControlLabel: t('bold'),
      italicControlLabel: t('italic'),
      underlineControlLabel: t('underline'),
      strikeControlLabel: t('strike'),
      clearFormattingControlLabel: t('clearFormatting'),
      h2ControlLabel: t('heading2'),
      h3ControlLabel: t('heading3'),
      bulletListControlLabel: t('bulletList'),
      orderedListControlLabel: t('orderedList'),
      blockquoteControlLabel: t('blockquote'),
      linkControlLabel: t('link'),
      unlinkControlLabel: t('unlink'),
      linkEditorInputLabel: t('linkUrl'),
      linkEditorSave: t('linkSave'),
      undoControlLabel: t('undo'),
      redoControlLabel: t('redo'),
    }),
    [t],
  );
}

/**
 * Mantine's Tiptap editor: the simple type has inline formatting, lists and links; the medium type
 * adds headings, quotes, strikethrough and undo. What it writes stays within the shared HTML
 * allow-list (no code blocks, no rules, headings 2 and 3), without the empty paragraph Tiptap
 * otherwise keeps after a final list; links always open in a new tab there.
 */
export default function RichTextEditorView({
  id,
  label,
  ariaLabel,
  description,
  error,
  required,
  value,
  onChange,
  onBlur,
  variant,
}: RichTextEditorProps) {
  const { t } = useTranslation('inputs', { keyPrefix: 'richText' });
  const labels = useLabels();
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        trailingNode: false,
        heading: { levels: [2, 3] },
      }),
      Link,
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-labelledby': `${id}-label` } : { 'aria-label': ariaLabel ?? '' }),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        style: `min-height: ${EDITOR_HEIGHT[variant]}px`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
    onBlur: () => onBlur?.(),
  });

  // A value changed from outside (a reset, a reload) replaces the document; our own echo does not.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk={required}
      labelProps={{ onClick: () => editor?.commands.focus() }}
    >
      <MantineEditor
        editor={editor}
        labels={labels}
        mt={label ? 4 : 0}
        styles={{ root: error ? { borderColor: 'var(--mantine-color-error)' } : undefined, linkEditorExternalControl: { display: 'none' } }}
      >
        <MantineEditor.Toolbar aria-label={t('toolbar')} role="toolbar">
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            {variant === 'medium' && <MantineEditor.Strikethrough />}
            {variant === 'medium' && <MantineEditor.ClearFormatting />}
          </MantineEditor.ControlsGroup>
          {variant === 'medium' && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.H2 />
              <MantineEditor.H3 />
              <MantineEditor.Blockquote />
            </MantineEditor.ControlsGroup>
          )}
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link initialExternal />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          {variant === 'medium' && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.Undo />
              <MantineEditor.Redo />
            </MantineEditor.ControlsGroup>
          )}
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
}
