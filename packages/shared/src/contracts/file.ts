import { z } from 'zod';
import { FILE_HARD_MAX_BYTES } from '../constants.js';
import { writeEnvelope } from './common.js';

/**
 * Base64 text, bounded above the hard maximum: the server measures the decoded size itself so that
 * a file just over the limit gets the 413 size message (and larger bodies hit the body limit's 413).
 */
const base64Data = z
  .string()
  .min(1)
  .max(Math.ceil((FILE_HARD_MAX_BYTES + 1024 * 1024) / 3) * 4);

export const FileUploadRequest = z.object({
  data: base64Data,
  originalName: z.string().trim().min(1).max(255),
  /** Upload path (folder) the file belongs to. */
  type: z.string().trim().max(100).optional(),
});
export type FileUploadRequest = z.infer<typeof FileUploadRequest>;

export const PictureUploadRequest = z.object({
  data: base64Data,
  filename: z.string().trim().min(1).max(255),
  type: z.string().max(100).optional(),
  folder: z.string().max(100).optional(),
});
export type PictureUploadRequest = z.infer<typeof PictureUploadRequest>;

export const UploadedFile = z.object({
  id: z.number().int(),
  pathName: z.string(),
  name: z.string(),
  originalName: z.string(),
  /** The download link signed for the uploader (decision 018), for a link to the file before it is saved anywhere. */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** Answer of /app/file/upload and /post-picture: `responses[0].object`, or `hasError` with validationErrors. */
export const FileUploadResponse = writeEnvelope(UploadedFile);
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;

/**
 * The grant a signed file link carries after its path (decision 018): the reader it was issued to,
 * its expiry (Unix seconds) and the server's HMAC over both, the file and the platform.
 */
export const FileLinkGrant = z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  user: z.coerce.number().int().positive().max(2147483647).optional(),
  signature: z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional(),
});
export type FileLinkGrant = z.infer<typeof FileLinkGrant>;

/** A file the caller uploaded, a public one of the platform, or one whose link grant is the caller's. */
export const GetFileQuery = FileLinkGrant.extend({
  fileName: z.string().min(1).max(255),
  fileFolder: z.string().max(100).optional(),
});
export const GetFileResponse = z.object({ data: z.string(), mime_type: z.string() });
export type GetFileResponse = z.infer<typeof GetFileResponse>;
