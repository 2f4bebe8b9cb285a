import { z } from 'zod';
import { Id } from './common.js';

/** Years a gradebook or an attestation may be asked for. */
const Year = z.coerce.number().int().min(2000).max(2100);

/**
 * A gradebook's period: the half of the calendar year in which its replies were signed (Paris
 * time), 1 = January to June, 2 = July to December (decision 029).
 */
export const GRADEBOOK_PERIODS = [1, 2] as const;

/** `GET /api/gradebook/get-pdf?triad&year&period`. */
export const GradebookPdfQuery = z.object({ triad: Id, year: Year, period: z.coerce.number().int().min(1).max(2) });
export type GradebookPdfQuery = z.infer<typeof GradebookPdfQuery>;

/** `GET /api/attestations/get-pdf?triad&year&month`. */
export const AttestationPdfQuery = z.object({ triad: Id, year: Year, month: z.coerce.number().int().min(1).max(12) });
export type AttestationPdfQuery = z.infer<typeof AttestationPdfQuery>;

/** A generated PDF (spec 2 §7): its bytes as base64 and the name to save it under. */
export const PdfDataResponse = z.object({ data: z.string(), fileName: z.string() });
export type PdfDataResponse = z.infer<typeof PdfDataResponse>;

export const TriadDocumentsParams = z.object({ triad: Id });

/** `GET /app/gradebook/list/{triad}`: the periods with signed marks the caller may read, newest first (spec 2 §3 Gradebook). */
export const GradebookListResponse = z.object({
  gradebooks: z.array(z.object({ year: z.number().int(), period: z.number().int(), key: z.string() })),
});
export type GradebookListResponse = z.infer<typeof GradebookListResponse>;

/** `GET /app/attestations/list/{triad}`: the months with planned course hours, newest first (spec 2 §3 Attestation). */
export const AttestationListResponse = z.object({
  attestations: z.array(z.object({ year: z.number().int(), month: z.number().int(), identity: z.string() })),
});
export type AttestationListResponse = z.infer<typeof AttestationListResponse>;
