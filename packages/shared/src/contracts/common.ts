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

export const Id = z.coerce.number().int().positive();
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
