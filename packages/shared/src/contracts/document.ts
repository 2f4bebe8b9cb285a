import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { Id } from './common.js';

/** Document types (spec 2 §3): 1 is a document with a file; every other value is a note. */
export const DOCUMENT_TYPE = { document: 1, note: 2 } as const;

/** Category codes with a meaning of their own: the home dashboard lists `general` and `pedagogic` (spec 2 §2). */
export const DOCUMENT_CATEGORY = { general: 'general', pedagogic: 'pedagogic' } as const;

/**
 * The tab of the document module that lists notes (type other than 1). Not a stored category: the
 * menu's MODULE_LEA_NOTE opens `/dashboard/document?category=note`.
 */
export const NOTE_CATEGORY_CODE = 'note';

/** The two kinds of add/edit form (`GET /app/document/{triad}/{kind}/form`). */
export const DOCUMENT_FORM_KINDS = ['document', 'note'] as const;
export type DocumentFormKind = (typeof DOCUMENT_FORM_KINDS)[number];

export const DocumentCategory = z.object({ id: z.number().int(), code: z.string(), title: z.string().nullable() });
export type DocumentCategory = z.infer<typeof DocumentCategory>;

/** `GET /app/document/categories`: the categories of the request's platform, in their order. */
export const DocumentCategoriesResponse = z.object({ categories: z.array(DocumentCategory) });
export type DocumentCategoriesResponse = z.infer<typeof DocumentCategoriesResponse>;

const profileNumber = z.coerce.number().int().min(1).max(4);

/** One item of a list: a document of the triad, a manager's document shared with the course, or a note. */
export const DocumentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  /** The note's text; null for most documents. */
  text: z.string().nullable(),
  date: z.string(),
  updatedAt: z.string(),
  category: DocumentCategory.nullable(),
  rights: z.array(z.number().int()),
  visibleHomeLea: z.boolean(),
  notif: z.boolean(),
  /** The attached file and its download link (spec 2 §7 download-file). */
  file: z.object({ id: z.number().int(), originalName: z.string(), url: z.string() }).nullable(),
  uploader: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** The uploader's profile in the triad when it was written (1–4), if known. */
  uploaderProfile: z.number().int().nullable(),
  /** Shared by a manager with the whole training course (not the triad's own). */
  shared: z.boolean(),
  /** Only the author edits and deletes (spec 2 §5). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type DocumentItem = z.infer<typeof DocumentItem>;

/** `GET /app/document/{triad}/{category}/list`: the items the caller may see, newest first. */
export const DocumentListResponse = z.object({
  category: z.string(),
  documents: z.array(DocumentItem),
  /** False for administrators and for managers outside the triad (they read, full width, spec 2 §2). */
  canAdd: z.boolean(),
});
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;

export const DocumentListParams = z.object({ triad: Id, category: z.string().trim().min(1).max(50) });
export const DocumentFormParams = z.object({ triad: Id, kind: z.enum(DOCUMENT_FORM_KINDS) });
/** `id`: the item to edit (the author's own); `category`: the code preselected in a new document's form. */
export const DocumentFormQuery = z.object({ id: Id.optional(), category: z.string().trim().max(50).optional() });

/**
 * `POST /api/document/post` (spec 2 §7): creates when `id` is absent, edits the author's own item
 * otherwise. The file is uploaded first (`POST /app/file/upload`, as the profile photo) and its id
 * sent as `documentFile`: the spec's inline `fileData`/`fileName`/`filePath` are not accepted.
 */
export const DocumentPostRequest = z
  .object({
    id: Id.nullable().optional(),
    triad: Id,
    title: z.string(MESSAGES.required).trim().min(1, MESSAGES.required).max(255),
    /** 1 = document (a file is required); any other value is a note. */
    type: z.coerce.number().int().min(1).max(99).default(DOCUMENT_TYPE.document),
    documentFile: Id.nullable().optional(),
    /** The note's text (the spec's `note`). */
    note: z.string().trim().max(20000).nullable().optional(),
    category: Id.nullable().optional(),
    /** Profiles (1–4) that may see the item; the author always sees their own. */
    rights: z.array(profileNumber).min(1, MESSAGES.required).max(4).default([1, 2, 3, 4]),
    visibleHomeLea: z.boolean().default(false),
    /** Mails the other triad members who may see the item. */
    notif: z.boolean().default(false),
    integrate: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.type === DOCUMENT_TYPE.document && !body.documentFile) {
      context.addIssue({ code: 'custom', path: ['documentFile'], message: MESSAGES.fileMissing });
    }
    if (body.type !== DOCUMENT_TYPE.document && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: MESSAGES.required });
    }
  });
export type DocumentPostRequest = z.infer<typeof DocumentPostRequest>;
export type DocumentPostInput = z.input<typeof DocumentPostRequest>;

/** The post's answer: the spec's write envelope with the saved item. */
export const DocumentPostResponse = z.object({
  hasError: z.boolean(),
  message: z.string(),
  responses: z.array(z.object({ object: DocumentItem })),
});
export type DocumentPostResponse = z.infer<typeof DocumentPostResponse>;

/** `POST /api/document/remove`. */
export const DocumentRemoveRequest = z.object({ triad: Id, id: Id });
export type DocumentRemoveRequest = z.infer<typeof DocumentRemoveRequest>;

export const DocumentRemoveResponse = z.object({ success: z.boolean(), hasError: z.boolean(), message: z.string() });
export type DocumentRemoveResponse = z.infer<typeof DocumentRemoveResponse>;
