import { z } from 'zod';
import { FILE_HARD_MAX_BYTES } from '../constants.js';
import { writeEnvelope } from './common.js';

/**
 * Base64 text, bounded above the hard maximum: the server measures the decoded size itself so that
 * a file just over the limit gets the 413 size message (and larger bodies hit the body limit's 413).
 */
const base64Data = z.string().min(1).max(Math.ceil((FILE_HARD_MAX_BYTES + 1024 * 1024) / 3) * 4);

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
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** Answer of /app/file/upload and /post-picture: `responses[0].object`, or `hasError` with validationErrors. */
export const FileUploadResponse = writeEnvelope(UploadedFile);
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;

export const GetFileQuery = z.object({
  fileName: z.string().min(1).max(255),
  fileFolder: z.string().max(100).optional(),
});
export const GetFileResponse = z.object({ data: z.string(), mime_type: z.string() });
export type GetFileResponse = z.infer<typeof GetFileResponse>;
