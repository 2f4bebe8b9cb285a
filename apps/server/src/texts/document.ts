import { defineCatalogue } from '@lea/shared';

/** Triad documents and notes (spec 2 §3 documents). */
export const DOCUMENT_TEXTS = defineCatalogue(
  {
    notFound: 'Document introuvable',
    categoryNotFound: 'Catégorie introuvable',
    noteNotFound: 'Note introuvable',
  } as const,
  {
    notFound: 'Document not found',
    categoryNotFound: 'Category not found',
    noteNotFound: 'Note not found',
  },
);
