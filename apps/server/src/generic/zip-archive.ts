import { crc32, createInflateRaw, deflateRawSync } from 'node:zlib';

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

/** A file to write into an archive: its path inside (forward slashes) and its bytes. */
export type ZipInput = { name: string; data: Buffer };

const UTF8_FLAG = 0x800;
/** 1 January 2000, 00:00 in MS-DOS format: the archive does not carry the files' own dates. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

/**
 * Writes a zip (deflated entries, UTF-8 names, no ZIP64: the archives the server builds, such as a
 * person's data export, stay far below 4 GiB), readable by this module's reader and every unzip.
 */
export function writeZip(inputs: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = Buffer.from(input.name, 'utf8');
    const compressed = deflateRawSync(input.data);
    const crc = crc32(input.data);
    const local = Buffer.alloc(LOCAL_LENGTH);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(DEFLATED, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(input.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(CENTRAL_LENGTH);
    central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(DEFLATED, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(input.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(END_LENGTH);
  end.writeUInt32LE(END_SIGNATURE, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
