/**
 * Signed download links of channel files and their chunks (GET channels/{id}/downloadUrls hands
 * them out; routes/downloads.ts serves them). The signature is the capability: no session is
 * needed, so a link can be opened by a browser, a download manager or a colleague it was shared
 * with — until it expires. Every part of the link (channel, file, chunk, name, expiry) is signed
 * with HMAC-SHA256 under a server secret (DOWNLOAD_URL_SECRET, else a random one per process).
 *
 * The mock core holds no media: a file's body is `sizeBytes` deterministic bytes, generated chunk
 * by chunk while streaming (never held whole in memory), the same bytes for the same file on
 * every request and at every offset, so ranges of one download line up with the full body.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../errors.js';

/** Where download links are served: outside the core prefix, which holds only spec calls. */
export const DOWNLOADS_PATH = '/downloads';
/** How long a link stays valid (ours: one hour). */
export const DOWNLOAD_URL_TTL_MS = 3_600_000;

/** What a link opens: a channel file, or one of its chunks. */
export interface DownloadTarget {
  readonly channelId: string;
  readonly fileId: string;
  /** Chunk index, or null for the file itself. */
  readonly chunk: number | null;
}

/** The query a link carries. */
export interface DownloadQuery {
  readonly name: string;
  readonly expires: number;
  readonly sig: string;
}

const SIGNATURE_BYTES = 32;

/** 403 for a link that was tampered with or has expired: the link, not the user, lacks the right. */
export function downloadRefused(): AppError {
  return new AppError('FORBIDDEN', undefined, 'This download link is not valid or has expired');
}

export class DownloadLinks {
  private readonly secret: Buffer;

  /** An empty secret means one random secret for this process: links die with it. `publicBase` prefixes every link (config PUBLIC_BASE). */
  constructor(
    secret: string,
    private readonly publicBase = '',
  ) {
    this.secret = secret === '' ? randomBytes(32) : Buffer.from(secret, 'utf8');
  }

  /** The path and query of a link (relative to the core's origin). */
  url(target: DownloadTarget, name: string, expires: number): string {
    const base = `${DOWNLOADS_PATH}/channels/${encodeURIComponent(target.channelId)}/files/${encodeURIComponent(target.fileId)}`;
    const path = target.chunk === null ? base : `${base}/chunks/${target.chunk}`;
    const sig = this.mac(target, name, expires).toString('base64url');
    return `${this.publicBase}${path}?name=${encodeURIComponent(name)}&expires=${expires}&sig=${sig}`;
  }

  /** Whether a link is intact (signature over every part, compared in constant time) and not expired at `now` (ms since the epoch). */
  verify(target: DownloadTarget, query: DownloadQuery, now: number): boolean {
    const given = Buffer.from(query.sig, 'base64url');
    // base64url decoding skips stray characters: insist on the canonical text too.
    if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== query.sig) return false;
    const intact = timingSafeEqual(given, this.mac(target, query.name, query.expires));
    return intact && now <= query.expires;
  }

  private mac(target: DownloadTarget, name: string, expires: number): Buffer {
    // JSON of a fixed tuple: no two different links share a signed text.
    const text = JSON.stringify(['download/v1', target.channelId, target.fileId, target.chunk, name, expires]);
    return createHmac('sha256', this.secret).update(text).digest();
  }
}

/** Bytes of the repeating block a body is made of. */
const BLOCK_BYTES = 64 * 1024;

/** The block of one file or chunk: xorshift32 bytes seeded by an FNV-1a hash of what it is. */
function blockOf(target: DownloadTarget): Buffer {
  let seed = 0x811c9dc5;
  for (const ch of `${target.channelId}/${target.fileId}/${target.chunk ?? ''}`) {
    seed ^= ch.codePointAt(0) ?? 0;
    seed = Math.imul(seed, 0x01000193) >>> 0;
  }
  let x = seed || 1;
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  for (let i = 0; i < BLOCK_BYTES; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block.writeUInt32LE(x >>> 0, i);
  }
  return block;
}

/**
 * Bytes [start, end) of a target's body, produced as the reader asks for them (one block-sized
 * slice per read), so a multi-gigabyte file costs one 64 KiB block of memory.
 */
export function bodyStream(target: DownloadTarget, start: number, end: number): Readable {
  const block = blockOf(target);
  let pos = start;
  return new Readable({
    read() {
      if (pos >= end) {
        this.push(null);
        return;
      }
      const offset = pos % BLOCK_BYTES;
      const n = Math.min(BLOCK_BYTES - offset, end - pos);
      pos += n;
      // The block is never written after it is made: slices of it may be queued safely.
      this.push(block.subarray(offset, offset + n));
    },
  });
}

/** A single byte range of a body of `size` bytes, inclusive ends (RFC 9110 §14). */
export type ByteRange = { readonly start: number; readonly end: number };

/**
 * The Range header read as one byte range: null when absent, malformed or asking for several
 * ranges (then the whole body is sent, as RFC 9110 allows), 'unsatisfiable' when it starts at or
 * past the end (or asks for an empty suffix).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const m = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const [, from = '', to = ''] = m;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  ts: 'video/mp2t',
  mxf: 'application/mxf',
  mkv: 'video/x-matroska',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The media type of a file name, by its extension (octet-stream when unknown). */
export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot < 0 ? undefined : CONTENT_TYPES[fileName.slice(dot + 1).toLowerCase()]) ?? 'application/octet-stream';
}

/** Content-Disposition naming the file: an ASCII fallback and the exact name (RFC 6266, RFC 8187). */
export function attachmentOf(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
