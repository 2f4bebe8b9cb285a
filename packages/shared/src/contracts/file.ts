import { z } from 'zod';
import { FILE_HARD_MAX_BYTES } from '../constants.js';

/** Base64 text of at most the hard upload maximum (4 characters per 3 bytes, plus a data: prefix). */
const base64Data = z.string().min(1).max(Math.ceil(FILE_HARD_MAX_BYTES / 3) * 4 + 256);

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

export const GetFileQuery = z.object({
  fileName: z.string().min(1).max(255),
  fileFolder: z.string().max(100).optional(),
});
export const GetFileResponse = z.object({ data: z.string(), mime_type: z.string() });
export type GetFileResponse = z.infer<typeof GetFileResponse>;
