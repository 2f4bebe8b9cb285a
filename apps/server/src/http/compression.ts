import zlib from 'node:zlib';

/** API answers shorter than this go uncompressed: compressing them would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 2048;

/** The encodings answers are compressed with, in order of preference. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Brotli at a quality that costs about as much CPU as gzip. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** Compresses an answer as @fastify/compress does with the options above. */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS);
}

/**
 * The encoding an `Accept-Encoding` header allows, preferred first (a zero quality refuses one, `*`
 * allows any); null for none, or when the client asks for no compression.
 */
export function acceptedEncoding(header: string | undefined, noCompression: boolean): AnswerEncoding | null {
  if (!header || noCompression) return null;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  return ANSWER_ENCODINGS.find(allowed) ?? null;
}
