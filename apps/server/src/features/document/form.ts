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
} from '@lea/shared';

type Locale = 'fr' | 'en';

const LABELS = {
  fr: {
    document: 'Document',
    note: 'Note',
    title: 'Titre',
    documentFile: 'Fichier',
    category: 'Catégorie',
    rights: 'Visible par',
    visibleHomeLea: "Afficher sur la page d'accueil",
    notif: 'Prévenir les membres du trinôme par courriel',
    text: 'Texte',
    profiles: { 1: 'Apprenti', 2: 'Tuteur pédagogique', 3: "Maître d'apprentissage", 4: 'Responsable de formation' },
    categories: { general: 'Général', pedagogic: 'Pédagogique', administrative: 'Administratif' },
  },
  en: {
    document: 'Document',
    note: 'Note',
    title: 'Title',
    documentFile: 'File',
    category: 'Category',
    rights: 'Visible to',
    visibleHomeLea: 'Show on the home page',
    notif: 'Tell the triad members by e-mail',
    text: 'Text',
    profiles: { 1: 'Apprentice', 2: 'Pedagogic tutor', 3: 'Apprenticeship master', 4: 'Course manager' },
    categories: { general: 'General', pedagogic: 'Pedagogic', administrative: 'Administrative' },
  },
} as const;

/** A category as the user reads it: its own title, else the translated code, else the code. */
export function categoryLabel(category: Pick<DocumentCategory, 'code' | 'title'>, locale: Locale): string {
  if (category.title) return category.title;
  const known = LABELS[locale].categories as Record<string, string>;
  return known[category.code] ?? category.code;
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
 * Field names are the post body's, so the server's field errors land on the right field.
 */
export function buildDocumentForm(kind: DocumentFormKind, locale: Locale, categories: DocumentCategory[], values: DocumentFormValues): FormModel {
  const t = LABELS[locale];
  const title = field('text', 'title', t.title, values.title, { required: true });
  if (kind === 'note') {
    return { tabs: [{ code: 'note', label: t.note, fields: [title, field('textarea', 'note', t.text, values.note, { required: true })] }] };
  }
  const fields = [
    title,
    field('file', 'documentFile', t.documentFile, values.documentFile, {
      required: true,
      attributes: {
        maxFiles: 1,
        maxFileBytes: FILE_DEFAULT_MAX_BYTES,
        allowedExtensions: [...ALLOWED_FILE_EXTENSIONS],
        uploadType: 'document',
      },
    }),
    field('select', 'category', t.category, values.categoryId === null ? null : String(values.categoryId), {
      required: true,
      choices: categories.map((category) => ({ value: String(category.id), label: categoryLabel(category, locale) })),
    }),
    field('checkboxgroup', 'rights', t.rights, values.rights.map(String), {
      required: true,
      choices: ([1, 2, 3, 4] as const).map((profile) => ({ value: String(profile), label: t.profiles[profile] })),
    }),
    field('checkbox', 'visibleHomeLea', t.visibleHomeLea, values.visibleHomeLea),
    field('checkbox', 'notif', t.notif, values.notif),
  ];
  return { tabs: [{ code: 'document', label: t.document, fields }] };
}
