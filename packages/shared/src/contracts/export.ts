import { z } from 'zod';

/**
 * Export types (spec 3 §3 Export): 1 questionnaire signatures, 2 absence totals per diploma, 3 absences
 * per apprentice, 4 company visits, 5 contracts, 6 follow-up dashboard, 7 summary table.
 */
export const EXPORT_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** The ones a course's manager exports for the course (issue 17 §6). */
export const COURSE_EXPORT_TYPES = [1, 3, 5, 6] as const;

export const ExportParams = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((value) => (EXPORT_TYPES as readonly number[]).includes(value)),
});
/** `year` is a calendar year (a signature's, a visit's, an absence's; a contract or a course running in it), or every year. */
export const ExportYearQuery = z.object({ year: z.union([z.literal('all'), z.coerce.number().int().min(2000).max(2100)]).default('all') });
export type ExportYearQuery = z.infer<typeof ExportYearQuery>;

/** `GET /app/admin/export` and `GET /app/lea-manager/{course}/export`: the types offered and the years that hold data. */
export const ExportChoicesResponse = z.object({
  types: z.array(z.object({ type: z.number().int(), label: z.string() })),
  years: z.array(z.number().int()),
});
export type ExportChoicesResponse = z.infer<typeof ExportChoicesResponse>;
