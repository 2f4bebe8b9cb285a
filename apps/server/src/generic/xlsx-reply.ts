import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_MIME } from './xlsx.js';

/**
 * The workbook as bytes with its length, so that the browser shows the download's progress while
 * the body streams in (the export screen reads it chunk by chunk), rather than a base64 JSON answer
 * that arrives all at once and weighs a third more. File names are ASCII slugs (fileNameOf), so the
 * plain `filename` parameter carries them whole. Shared by every feature that sends a workbook.
 */
export function sendWorkbook(reply: FastifyReply, file: { filename: string; bytes: Buffer }) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.bytes);
}

/**
 * A workbook written while it is sent (streamWorkbook): no content-length, the body chunked as the
 * rows are read (decision 032). Everything that can refuse the call (authorisation, inputs, the
 * export's type) must have run before: once this is called the answer is a 200 and a file. An error
 * while writing cuts the answer short (the client sees a broken download, never a complete-looking
 * file) and is logged.
 */
export function sendStreamedWorkbook(reply: FastifyReply, filename: string, write: (output: Writable) => Promise<void>) {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    reply.log.error({ err: error }, `streamed workbook ${filename} failed`);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
