import { Buffer } from 'node:buffer';
import type { Writable } from 'node:stream';
import type { HeaderInput } from './header-bag.ts';
import { knownHeader, ResponseHeaderBag } from './response-header-bag.ts';
import { statusTexts } from './status-texts.ts';
import type { Request } from './request.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export type ResponseBody = string | Buffer;

// The names prepare() asks for on every response, worked out once (see knownHeader).
const contentTypeHeader = knownHeader('Content-Type');
const contentLengthHeader = knownHeader('Content-Length');
const transferEncodingHeader = knownHeader('Transfer-Encoding');

/**
 * An HTTP response. Content is a string or Buffer here; StreamedResponse and
 * BinaryFileResponse override `sendContent` for bodies written over time.
 */
export class Response {
  readonly headers: ResponseHeaderBag;
  statusCode: number;
  statusText: string;
  charset: string | undefined;
  protected body: ResponseBody;
  /** prepare() ran: a second call must not undo its work (HEAD's Content-Length, a 206's range). */
  protected prepared = false;

  constructor(content: ResponseBody = '', status = 200, headers?: HeaderInput) {
    this.headers = new ResponseHeaderBag(headers);
    this.body = content;
    this.statusCode = 200;
    this.statusText = 'OK';
    this.setStatusCode(status);
  }

  get content(): ResponseBody {
    return this.body;
  }

  set content(content: ResponseBody) {
    this.body = content;
  }

  setContent(content: ResponseBody): this {
    this.content = content;
    return this;
  }

  setStatusCode(code: number, text?: string): this {
    if (!Number.isInteger(code) || code < 100 || code >= 600) {
      throw new SluiceError('SLUICE_INVALID_STATUS_CODE', { code });
    }
    this.statusCode = code;
    this.statusText = text ?? statusTexts[code] ?? 'unknown status';
    return this;
  }

  /**
   * Makes the response fit the request before it is sent: a Content-Type with charset
   * for text, no body for 1xx/204/304 and HEAD (Content-Length kept for HEAD), and
   * Content-Length for in-memory bodies. Only the first call does anything.
   */
  prepare(request: Request): this {
    if (this.prepared) return this;
    this.prepared = true;
    const headers = this.headers;
    if (this.isInformational() || this.isEmpty()) {
      this.body = '';
      headers.remove('Content-Type');
      headers.remove('Content-Length');
      return this;
    }
    const charset = this.charset ?? 'UTF-8';
    const type = headers.getKnown(contentTypeHeader);
    if (type === undefined) {
      const format = request.getRequestFormat(null);
      const mime = format === undefined ? undefined : request.getMimeType(format);
      headers.setKnown(contentTypeHeader, `${mime ?? 'text/html'}; charset=${charset}`);
    } else if (type.startsWith('text/') && !mentionsCharset(type)) {
      headers.setKnown(contentTypeHeader, `${type}; charset=${charset}`);
    }
    if (headers.hasKnown(transferEncodingHeader)) headers.remove('Content-Length');
    else this.setContentLength();
    if (request.method === 'HEAD') this.omitBody();
    return this;
  }

  /** Writes the body and ends the stream. */
  sendContent(out: Writable): void | Promise<void> {
    out.end(this.body);
  }

  protected setContentLength(): void {
    const body = this.body;
    this.headers.setKnown(contentLengthHeader, String(typeof body === 'string' ? byteLengthOf(body) : body.length));
  }

  /** For HEAD: headers as for GET, no body. */
  protected omitBody(): void {
    this.body = '';
  }

  isInformational(): boolean { return this.statusCode >= 100 && this.statusCode < 200; }
  isSuccessful(): boolean { return this.statusCode >= 200 && this.statusCode < 300; }
  isRedirection(): boolean { return this.statusCode >= 300 && this.statusCode < 400; }
  isClientError(): boolean { return this.statusCode >= 400 && this.statusCode < 500; }
  isServerError(): boolean { return this.statusCode >= 500 && this.statusCode < 600; }
  isOk(): boolean { return this.statusCode === 200; }
  isNotFound(): boolean { return this.statusCode === 404; }
  isForbidden(): boolean { return this.statusCode === 403; }
  /** Statuses whose responses carry no body (RFC 9110 §6.4.1). */
  isEmpty(): boolean { return this.statusCode === 204 || this.statusCode === 304; }

  isRedirect(location?: string): boolean {
    return [201, 301, 302, 303, 307, 308].includes(this.statusCode) && (location === undefined || location === this.headers.get('Location'));
  }

  // --- HTTP caching (RFC 9111); semantics of the reference's Response -------------------

  setPublic(): this {
    this.headers.addCacheControlDirective('public');
    this.headers.removeCacheControlDirective('private');
    return this;
  }

  setPrivate(): this {
    this.headers.removeCacheControlDirective('public');
    this.headers.addCacheControlDirective('private');
    return this;
  }

  setMaxAge(seconds: number): this {
    this.headers.addCacheControlDirective('max-age', Math.trunc(seconds));
    return this;
  }

  setSharedMaxAge(seconds: number): this {
    this.setPublic();
    this.headers.addCacheControlDirective('s-maxage', Math.trunc(seconds));
    return this;
  }

  getMaxAge(): number | undefined {
    for (const directive of ['s-maxage', 'max-age']) {
      const value = this.headers.getCacheControlDirective(directive);
      if (typeof value === 'string') return Number.parseInt(value, 10);
    }
    const expires = this.getExpires();
    return expires === undefined ? undefined : Math.round((expires.getTime() - this.getDate().getTime()) / 1000);
  }

  setExpires(date: Date | undefined): this {
    if (date === undefined) this.headers.remove('Expires');
    else this.headers.set('Expires', date.toUTCString());
    return this;
  }

  getExpires(): Date | undefined {
    return parseHttpDate(this.headers.get('Expires'));
  }

  getDate(): Date {
    return parseHttpDate(this.headers.get('Date')) ?? new Date();
  }

  setLastModified(date: Date | undefined): this {
    if (date === undefined) this.headers.remove('Last-Modified');
    else this.headers.set('Last-Modified', date.toUTCString());
    return this;
  }

  getLastModified(): Date | undefined {
    return parseHttpDate(this.headers.get('Last-Modified'));
  }

  /** Sets a strong ETag (or weak with `weak`); quotes are added when missing. */
  setEtag(etag: string | undefined, weak = false): this {
    if (etag === undefined) {
      this.headers.remove('ETag');
      return this;
    }
    const quoted = etag.startsWith('"') ? etag : `"${etag}"`;
    this.headers.set('ETag', `${weak ? 'W/' : ''}${quoted}`);
    return this;
  }

  getEtag(): string | undefined {
    return this.headers.get('ETag');
  }

  mustRevalidate(): boolean {
    return this.headers.hasCacheControlDirective('must-revalidate') || this.headers.hasCacheControlDirective('proxy-revalidate');
  }

  /** Turns this into a 304: no body and none of the headers a 304 must not carry. */
  setNotModified(): this {
    this.setStatusCode(304);
    this.body = '';
    for (const name of ['Allow', 'Content-Encoding', 'Content-Language', 'Content-Length', 'Content-MD5', 'Content-Type', 'Last-Modified']) {
      this.headers.remove(name);
    }
    return this;
  }

  /**
   * Whether the request's validators match this response; if so it becomes a 304.
   * If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); only GET and HEAD.
   */
  isNotModified(request: Request): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const ifNoneMatch = request.headers.get('if-none-match');
    const ifModifiedSince = parseHttpDate(request.headers.get('if-modified-since'));
    let notModified = false;
    if (ifNoneMatch !== undefined) {
      const etag = this.getEtag();
      if (etag !== undefined) {
        const bare = etag.replace(/^W\//, '');
        notModified = ifNoneMatch.split(',').some((tag) => {
          const t = tag.trim();
          return t === '*' || t.replace(/^W\//, '') === bare;
        });
      }
    } else if (ifModifiedSince !== undefined) {
      const lastModified = this.getLastModified();
      notModified = lastModified !== undefined && lastModified.getTime() <= ifModifiedSince.getTime();
    }
    if (notModified) this.setNotModified();
    return notModified;
  }
}

export function parseHttpDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/**
 * The last text type found to name a charset: an application's text responses mostly share
 * one Content-Type (an error page's is the same string each time), which is then answered by
 * a comparison instead of a search.
 */
let lastTypeWithCharset = '';

/** Whether a Content-Type names a charset, in any case; the usual lower-case spelling without a copy. */
function mentionsCharset(type: string): boolean {
  if (type === lastTypeWithCharset) return true;
  if (!type.includes('charset') && !type.toLowerCase().includes('charset')) return false;
  lastTypeWithCharset = type;
  return true;
}

/**
 * From this length on, a string body's byte length is remembered: a body sent again (the
 * prod error page of a status, built once) is then compared, which stops at the first
 * difference or at the same string, instead of measured through all its characters; a short
 * body costs little to measure, and comparing it to the last one would cost as much.
 */
const REMEMBERED_BODY_LENGTH = 256;
/** The longest body remembered, so that a large one is not kept alive by the cache alone. */
const MAX_REMEMBERED_BODY_LENGTH = 65_536;
let lastBody = '';
let lastBodyBytes = 0;

/** The UTF-8 length of a string body, the last one's remembered. */
export function byteLengthOf(body: string): number {
  const length = body.length;
  if (length < REMEMBERED_BODY_LENGTH || length > MAX_REMEMBERED_BODY_LENGTH) return Buffer.byteLength(body);
  if (body === lastBody) return lastBodyBytes;
  lastBody = body;
  lastBodyBytes = Buffer.byteLength(body);
  return lastBodyBytes;
}
