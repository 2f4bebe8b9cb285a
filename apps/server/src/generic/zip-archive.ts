import { crc32, createInflateRaw } from 'node:zlib';

/**
 * Reading an uploaded zip (an xlsx) without trusting it (decision 019): its central directory is
 * read first, and checked against limits before a byte is inflated; each entry is then inflated
 * as a stream, by zlib off the main thread, and must give exactly the size and CRC the directory
 * declared, so that a directory that lies stops at the size it admitted to.
 */

/** An entry as the central directory (APPNOTE 4.3.12) declares it. */
export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

export type ZipLimits = {
  maxEntries: number;
  /** Bytes once inflated, every entry together. */
  maxTotalSize: number;
  /** Inflated bytes per compressed byte of one entry… */
  maxRatio: number;
  /** …counted only above this size, where a bomb can start (Apache POI's rule). */
  ratioGraceSize: number;
};

export class ZipError extends Error {}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_LENGTH = 22;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const MAX_COMMENT_LENGTH = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

/** The end of central directory record: within the last 22 bytes plus an archive comment. */
function findEnd(bytes: Buffer): number {
  const last = bytes.length - END_LENGTH;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT_LENGTH; at--) {
    if (bytes.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  return -1;
}

/**
 * The entries of the central directory, or null when the bytes are not a zip this reader takes.
 * ZIP64 archives are not: their markers (0xFFFF…) point outside the file, or count as sizes far
 * beyond any limit, which an xlsx of a few MiB never needs.
 */
export function readZipDirectory(bytes: Buffer): ZipEntry[] | null {
  const end = findEnd(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const start = bytes.readUInt32LE(end + 16);
  if (start + bytes.readUInt32LE(end + 12) > end) return null;
  const entries: ZipEntry[] = [];
  for (let at = start, index = 0; index < count; index++) {
    if (at + CENTRAL_LENGTH > end || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + CENTRAL_LENGTH + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > end) return null;
    entries.push({
      name: bytes.toString('utf8', at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** Whether what the directory declares stays within the limits; nothing is inflated to know it. */
export function withinLimits(entries: readonly ZipEntry[], limits: ZipLimits): boolean {
  if (entries.length > limits.maxEntries) return false;
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.size > limits.ratioGraceSize && entry.size > limits.maxRatio * entry.compressedSize) return false;
  }
  return total <= limits.maxTotalSize;
}

/** The entry's compressed bytes, found through its local header (whose extra field may differ from the directory's). */
function compressedBytes(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + LOCAL_LENGTH > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new ZipError(`no local header for ${entry.name}`);
  const start = at + LOCAL_LENGTH + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new ZipError(`${entry.name} runs past the end of the file`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * The entry's inflated bytes, chunk by chunk as the reader asks for them. Throws ZipError when the
 * entry is encrypted, uses another method than stored or deflated, or inflates to anything but
 * the declared size and CRC; inflation stops at the first byte past the declared size.
 */
export async function* readZipEntry(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.flags & ENCRYPTED_FLAG) throw new ZipError(`${entry.name} is encrypted`);
  const data = compressedBytes(bytes, entry);
  let size = 0;
  let crc = 0;
  const check = (chunk: Buffer) => {
    size += chunk.length;
    if (size > entry.size) throw new ZipError(`${entry.name} inflates past its declared ${entry.size} bytes`);
    crc = crc32(chunk, crc);
    // A reader stops asking once it has the declared size: the last bytes go out only with a good CRC.
    if (size === entry.size && crc !== entry.crc) throw new ZipError(`${entry.name} fails its CRC`);
    return chunk;
  };
  if (entry.method === STORED) {
    yield check(data);
  } else if (entry.method === DEFLATED) {
    const inflate = createInflateRaw();
    inflate.end(data);
    try {
      for await (const chunk of inflate) yield check(chunk as Buffer);
    } finally {
      inflate.destroy();
    }
  } else {
    throw new ZipError(`${entry.name} uses compression method ${entry.method}`);
  }
  if (size !== entry.size || crc !== entry.crc) throw new ZipError(`${entry.name} inflates short of its declared size`);
}
