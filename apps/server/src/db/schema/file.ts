import { bigint, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** A stored file: `pathName` is the key in the file store; `originalName` is what the user uploaded. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id'),
    pathName: varchar('path_name', { length: 255 }).notNull().unique(),
    name: varchar('name', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 120 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    folder: varchar('folder', { length: 100 }).notNull().default('upload'),
    uploadedBy: integer('uploaded_by'),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  // The per-user upload quota sums a user's files.
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy)],
);
