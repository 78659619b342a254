import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { parseAcceptHeader } from '../http/accept-header.ts';

export type Encoding = 'br' | 'zstd' | 'gzip';

/** zstd came to node:zlib in Node 22.15 / 23.8; on older versions it is simply not offered. */
const zstd = zlib as unknown as { zstdCompressSync?: (data: Buffer) => Buffer; createZstdCompress?: (options?: object) => Transform; constants: Record<string, number> };
export const hasZstd = typeof zstd.zstdCompressSync === 'function' && typeof zstd.createZstdCompress === 'function';

/** Ties between equally wanted encodings go to the one that compresses text best. */
const preference: readonly Encoding[] = hasZstd ? ['br', 'zstd', 'gzip'] : ['br', 'gzip'];

/** The encoding to use for an Accept-Encoding header, or undefined for none (identity). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const items = parseAcceptHeader(acceptEncoding.toLowerCase());
  const refused = new Set(acceptEncoding.toLowerCase().split(',').map((part) => part.trim()).filter((part) => /;\s*q=0(\.0*)?$/.test(part)).map((part) => part.split(';')[0]!.trim()));
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const encoding of preference) {
    const item = items.find((candidate) => candidate.value === encoding) ?? (refused.has(encoding) ? undefined : items.find((candidate) => candidate.value === '*'));
    if (item === undefined || item.quality <= bestQuality) continue;
    best = encoding;
    bestQuality = item.quality;
  }
  return best;
}

/**
 * Dynamic responses are compressed per request: a fast level, not the smallest output
 * (brotli's default, 11, is meant for files compressed once ahead of time).
 */
export function compressSync(encoding: Encoding, data: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  if (encoding === 'zstd') return zstd.zstdCompressSync!(data);
  return zlib.gzipSync(data, { level: 6 });
}

/** A compressing stream; `flushEachWrite` sends every chunk on at once (streamed pages, not files). */
export function compressStream(encoding: Encoding, flushEachWrite: boolean): Transform {
  if (encoding === 'br') {
    return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 }, ...(flushEachWrite && { flush: zlib.constants.BROTLI_OPERATION_FLUSH }) });
  }
  if (encoding === 'zstd') return zstd.createZstdCompress!(flushEachWrite ? { flush: zstd.constants.ZSTD_e_flush } : {});
  return zlib.createGzip({ level: 6, ...(flushEachWrite && { flush: zlib.constants.Z_SYNC_FLUSH }) });
}
