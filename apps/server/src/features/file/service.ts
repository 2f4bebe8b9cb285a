import { createHash, randomUUID } from 'node:crypto';
import {
  base64ByteLength,
  FILE_HARD_MAX_BYTES,
  fileSizeMessage,
  LOGO_FILE_EXTENSIONS,
  MESSAGES,
  RNCP_FILE_EXTENSIONS,
  type FileUploadResponse,
} from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { payloadTooLarge } from '../../http/errors.js';
import { fileLinksFor } from '../../services/file-links.js';
import { insertFile, lockUploads, uploadedBytes } from './queries.js';
import { checkFileContent, decodeBase64, type AllowedExtension } from './sniff.js';
import { sanitizeSvg } from './svg.js';

export const PICTURE_EXTENSIONS: readonly AllowedExtension[] = ['png', 'jpg', 'jpeg', 'gif', 'bmp'];
const DEFAULT_FOLDER = 'upload';
/** The upload folder of the platform's and institutions' logos (the admin area's design forms). */
export const LOGO_FOLDER = 'logo';
/** The upload folder of RNCP exports (the manager's skills import): XML or CSV. */
export const RNCP_FOLDER = 'rncp';

/**
 * The extensions an upload may have. SVG can carry script (entity-encoded links, foreignObject…):
 * only an administrator's logo may be one, and it is sanitised before it is stored.
 */
export function uploadExtensions(
  folder: string | undefined,
  admin: boolean,
  usual: readonly AllowedExtension[],
): readonly AllowedExtension[] {
  if (folder === RNCP_FOLDER) return RNCP_FILE_EXTENSIONS;
  return admin && folder === LOGO_FOLDER ? LOGO_FILE_EXTENSIONS : usual;
}

export type UploadInput = {
  data: string;
  originalName: string;
  folder?: string | undefined;
  /** Restricts the allowed extensions (pictures); default: every allowed extension. */
  extensions?: readonly AllowedExtension[];
  /** The message of a refused format. */
  formatMessage: string;
};

/** The name as shown to users: no directories, no control characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return cleaned.slice(-255);
}

const cleanFolder = (folder: string | undefined) => (folder && /^[A-Za-z0-9_-]{1,100}$/.test(folder) ? folder : DEFAULT_FOLDER);

const refused = (message: string): FileUploadResponse => ({
  hasError: true,
  message,
  responses: [{ validationErrors: [{ field: 'file', message }] }],
});

/**
 * Checks an upload before anything is stored: size (413 above the hard maximum), then extension
 * and content (`hasError` answer), then the uploader's quota (413). A stored file gets a random key
 * and a `files` row of the platform; the answer links to it for the uploader alone.
 */
export async function storeUpload(
  ctx: AppContext,
  input: UploadInput,
  owner: { userId: number; platformId: number },
): Promise<FileUploadResponse> {
  if (base64ByteLength(input.data) > FILE_HARD_MAX_BYTES) throw payloadTooLarge(fileSizeMessage(FILE_HARD_MAX_BYTES));
  const bytes = decodeBase64(input.data);
  if (!bytes || bytes.length === 0) return refused(bytes ? MESSAGES.fileMissing : input.formatMessage);
  if (bytes.length > FILE_HARD_MAX_BYTES) throw payloadTooLarge(fileSizeMessage(FILE_HARD_MAX_BYTES));
  const originalName = cleanName(input.originalName);
  const check = checkFileContent(originalName, bytes, input.extensions);
  if (!check.ok) return refused(input.formatMessage);
  const stored = check.extension === 'svg' ? sanitizeSvg(bytes) : bytes;
  if (!stored) return refused(input.formatMessage);

  const pathName = `${randomUUID()}.${check.extension}`;
  await ctx.files.put(pathName, stored);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // One upload of a user at a time gets past the lock: parallel uploads cannot overrun the quota together.
      await lockUploads(tx, owner.userId);
      if ((await uploadedBytes(tx, owner.userId)) + stored.length > ctx.config.uploadQuotaBytes) return null;
      return insertFile(tx, {
        platformId: owner.platformId,
        pathName,
        name: pathName,
        originalName,
        mimeType: check.mimeType,
        size: stored.length,
        folder: cleanFolder(input.folder),
        uploadedBy: owner.userId,
        sha256: createHash('sha256').update(stored).digest('hex'),
      });
    });
    if (!row) throw payloadTooLarge(MESSAGES.uploadQuota);
    return { hasError: false, responses: [{ object: { ...row, url: fileLinksFor(ctx.config.jwtSecret, owner).download(row) } }] };
  } catch (error) {
    await ctx.files.remove(pathName);
    throw error;
  }
}
