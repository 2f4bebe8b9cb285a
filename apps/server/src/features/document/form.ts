import {
  ALLOWED_FILE_EXTENSIONS,
  FILE_DEFAULT_MAX_BYTES,
  type DocumentCategory,
  type DocumentFormKind,
  type FieldAttributes,
  type FieldChoice,
  type FieldKind,
  type FormField,
  type FormModel,
  type Locale,
} from '@lea/shared';
import { titleOf, type ProfileTitles } from '../../services/profile-titles.js';
import { translator, text, type PlainTextKey } from '../../texts/index.js';

/** The default categories' codes (spec 2 §3), read in the user's language when the category has no title of its own. */
const CATEGORY_NAMES: Readonly<Record<string, PlainTextKey>> = {
  general: 'document.categoryGeneral',
  pedagogic: 'document.categoryPedagogic',
  administrative: 'document.categoryAdministrative',
};

/** A category as the user reads it: its own title, else the translated code, else the code. */
export function categoryLabel(category: Pick<DocumentCategory, 'code' | 'title'>, locale: Locale): string {
  if (category.title) return category.title;
  const key = CATEGORY_NAMES[category.code];
  return key ? text(locale, key) : category.code;
}

/** The values a form starts from: empty for a new item, the item's own when editing. */
export type DocumentFormValues = {
  title: string;
  note: string;
  documentFile: { id: number; originalName: string } | null;
  categoryId: number | null;
  rights: number[];
  visibleHomeLea: boolean;
  notif: boolean;
};

export const EMPTY_FORM_VALUES: DocumentFormValues = {
  title: '',
  note: '',
  documentFile: null,
  categoryId: null,
  rights: [1, 2, 3, 4],
  visibleHomeLea: false,
  notif: false,
};

function field(
  kind: FieldKind,
  name: string,
  label: string,
  value: unknown,
  options: { required?: boolean; choices?: FieldChoice[]; attributes?: FieldAttributes } = {},
): FormField {
  return {
    id: `document_${name}`,
    name,
    label,
    value,
    required: options.required ?? false,
    disabled: false,
    hide: false,
    attributes: options.attributes ?? {},
    kind,
    ...(options.choices ? { choices: options.choices } : {}),
  };
}

/**
 * The add/edit form of spec 2 §7, rendered by the web app's ServerForm. A note: title and text. A
 * document: title, file (uploaded first), category, rights, home-page flag and notification flag.
 * Field names are the post body's, so the server's field errors land on the right field. The rights
 * name the profiles with the platform's titles in the locale.
 */
export function buildDocumentForm(
  kind: DocumentFormKind,
  locale: Locale,
  categories: DocumentCategory[],
  values: DocumentFormValues,
  titles: ProfileTitles,
): FormModel {
  const t = translator(locale);
  const title = field('text', 'title', t('document.formTitle'), values.title, { required: true });
  if (kind === 'note') {
    return {
      tabs: [
        {
          code: 'note',
          label: t('document.formNote'),
          fields: [title, field('textarea', 'note', t('document.formText'), values.note, { required: true })],
        },
      ],
    };
  }
  const fields = [
    title,
    field('file', 'documentFile', t('document.formFile'), values.documentFile, {
      required: true,
      attributes: {
        maxFiles: 1,
        maxFileBytes: FILE_DEFAULT_MAX_BYTES,
        allowedExtensions: [...ALLOWED_FILE_EXTENSIONS],
        uploadType: 'document',
      },
    }),
    field('select', 'category', t('document.formCategory'), values.categoryId === null ? null : String(values.categoryId), {
      required: true,
      choices: categories.map((category) => ({ value: String(category.id), label: categoryLabel(category, locale) })),
    }),
    field('checkboxgroup', 'rights', t('document.formRights'), values.rights.map(String), {
      required: true,
      choices: ([1, 2, 3, 4] as const).map((profile) => ({ value: String(profile), label: titleOf(titles, profile) })),
    }),
    field('checkbox', 'visibleHomeLea', t('document.formHome'), values.visibleHomeLea),
    field('checkbox', 'notif', t('document.formNotify'), values.notif),
  ];
  return { tabs: [{ code: 'document', label: t('document.formDocument'), fields }] };
}
