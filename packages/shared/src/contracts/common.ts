import { z } from 'zod';

/** Error answer of every failed call: `{code, message}` (ARCHITECTURE.md, API). */
export const ApiError = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const ValidationError = z.object({ field: z.string(), message: z.string() });
export type ValidationError = z.infer<typeof ValidationError>;

/** The spec's write envelope: `hasError`, `responses[0].object`, `responses[0].validationErrors`. */
export function writeEnvelope<T extends z.ZodTypeAny>(object: T) {
  return z.object({
    hasError: z.boolean(),
    message: z.string().optional(),
    responses: z.array(
      z.object({
        object: object.nullable().optional(),
        validationErrors: z.array(ValidationError).optional(),
      }),
    ),
  });
}

/**
 * PostgreSQL's int4 maximum. Ids, positions, limits and offsets are int4 columns or parameters: a
 * larger number fails in the database (a 500) instead of being refused as bad input (a 400).
 */
export const INT4_MAX = 2_147_483_647;

/** A row id from a path, a query string or a form value (text or number). */
export const Id = z.coerce.number().int().positive().max(INT4_MAX);
/** A row id in a JSON body, where it must be a number. */
export const BodyId = z.number().int().positive().max(INT4_MAX);
/** A position, page, offset or column number from a path or a query string. */
export const Index = z.coerce.number().int().min(0).max(INT4_MAX);
export const IdParams = z.object({ id: Id });

export const LocaleParams = z.object({ locale: z.enum(['fr', 'en']) });

/** A stored file as the web app links to it (download-file / inline-file). */
export const StoredFile = z.object({
  id: z.number().int(),
  pathName: z.string(),
  name: z.string(),
  originalName: z.string(),
  mimeType: z.string().optional(),
});
export type StoredFile = z.infer<typeof StoredFile>;
