import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { chooseEncoding, compressStream, compressSync, type Encoding } from './encodings.ts';
import { isCompressible } from './compressible.ts';
import { knownHeader } from '../http/response-header-bag.ts';

// The names asked of every response, worked out once (see knownHeader).
const contentTypeHeader = knownHeader('Content-Type');
const contentEncodingHeader = knownHeader('Content-Encoding');
const varyHeader = knownHeader('Vary');

/** Below this, the encoding's own framing and the CPU spent outweigh the bytes saved. */
const DEFAULT_THRESHOLD = 1024;

export interface CompressionOptions {
  /** In-memory bodies smaller than this many bytes are sent as they are. Default 1024. */
  threshold?: number;
}

/**
 * Compresses a response for a request by its Accept-Encoding: br, zstd (where node has
 * it) or gzip, for compressible types. Never for HEAD, 1xx/204/304, ranges (206 or a
 * Range request), bodies already encoded, `Cache-Control: no-transform` or event streams.
 * In-memory bodies below the threshold are left as they are; streamed and file bodies are
 * compressed as they are written, each chunk flushed for streamed responses so a page
 * sent in parts still arrives in parts. `Vary: Accept-Encoding` goes on every response
 * whose encoding depends on the header.
 */
export class ResponseCompressor {
  readonly #threshold: number;

  constructor(options: CompressionOptions = {}) {
    this.#threshold = options.threshold ?? DEFAULT_THRESHOLD;
  }

  /** For the server's static files: see encoderForFile. */
  readonly fileEncoder = encoderForFile;

  compress(request: Request, response: Response): void {
    const headers = response.headers;
    if (!isCompressible(headers.getKnown(contentTypeHeader)) || headers.hasKnown(contentEncodingHeader)) return;
    if (response.statusCode < 200 || response.statusCode === 204 || response.statusCode === 206 || response.statusCode === 304) return;
    // Cache-Control is held as parsed directives
    if (headers.hasCacheControlDirective('no-transform')) return;
    addVary(response);
    // Accept-Encoding first: a request without it (most of an API's clients) is answered
    // without looking for a Range header as well
    const acceptEncoding = request.headers.get('accept-encoding');
    if (acceptEncoding === undefined || request.method === 'HEAD' || request.headers.has('range')) return;
    const encoding = chooseEncoding(acceptEncoding);
    if (encoding === undefined) return;
    const overTime = response.sendContent !== Response.prototype.sendContent;
    if (!overTime) {
      const content = response.content;
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      if (bytes.length < this.#threshold) return;
      response.prepare(request);
      response.content = compressSync(encoding, bytes);
      headers.set('Content-Length', (response.content as Buffer).length);
    } else {
      response.prepare(request);
      if (response.statusCode === 206) return;
      headers.remove('Content-Length');
      encodeOverTime(response, encoding);
    }
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    // The encoded bytes differ from the identity ones: a strong validator would claim they are the same.
    if (etag !== undefined && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  }
}

/** A static file's headers, as the server writes them (send's names: `Content-Type`, `ETag`...). */
export type FileHeaders = Record<string, string | number | string[]>;

/**
 * The same rules for a static file the server sends itself: the compressing stream to
 * put between the file and the client, with the headers changed to match, or undefined.
 */
export function encoderForFile(request: { method?: string | undefined; headers: Record<string, string | string[] | undefined> }, status: number, headers: FileHeaders): import('node:stream').Transform | undefined {
  const type = headers['Content-Type'];
  if (status !== 200 || typeof type !== 'string' || !isCompressible(type) || headers['Content-Encoding'] !== undefined) return undefined;
  const vary = headers['Vary'];
  headers['Vary'] = vary === undefined ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`;
  const acceptEncoding = request.headers['accept-encoding'];
  if (request.method === 'HEAD' || request.headers['range'] !== undefined || typeof acceptEncoding !== 'string') return undefined;
  if (Number(headers['Content-Length'] ?? Infinity) < DEFAULT_THRESHOLD) return undefined;
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === undefined) return undefined;
  delete headers['Content-Length'];
  delete headers['Accept-Ranges'];
  headers['Content-Encoding'] = encoding;
  const etag = headers['ETag'];
  if (typeof etag === 'string' && !etag.startsWith('W/')) headers['ETag'] = `W/${etag}`;
  return compressStream(encoding, false);
}

function addVary(response: Response): void {
  if (response.headers.setDefaultKnown(varyHeader, 'Accept-Encoding')) return;
  const vary = response.headers.get('Vary')!;
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) response.headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** The body written over time goes through a compressing stream on its way to the client. */
function encodeOverTime(response: Response, encoding: Encoding): void {
  const send = response.sendContent.bind(response);
  const streamed = response instanceof StreamedResponse;
  response.sendContent = async (out: Writable): Promise<void> => {
    if (streamed && (response as StreamedResponse).flushHeadersFirst) (out as Writable & { flushHeaders?: () => void }).flushHeaders?.();
    const encoder = compressStream(encoding, streamed);
    const delivered = pipeline(encoder, out);
    await send(encoder);
    await delivered;
  };
}
