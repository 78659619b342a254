import { createReadStream, statSync, type Stats } from 'node:fs';
import { basename } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HeaderInput } from './header-bag.ts';
import { Response } from './response.ts';
import type { Request } from './request.ts';
import { fileContentType } from './file-types.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface BinaryFileOptions {
  /** `attachment` makes browsers download the file under `fileName`. */
  disposition?: 'inline' | 'attachment';
  fileName?: string;
  autoEtag?: boolean;
  autoLastModified?: boolean;
}

/**
 * A file sent from disk: Content-Type from the extension, Content-Length, Last-Modified,
 * a weak ETag from size and mtime, and a single byte range (206, or 416 when it cannot be
 * satisfied). The file is streamed, never read whole into memory.
 */
export class BinaryFileResponse extends Response {
  readonly path: string;
  readonly stats: Stats;
  #range: { start: number; end: number } | undefined;
  #omitBody = false;

  constructor(path: string, status = 200, headers?: HeaderInput, options: BinaryFileOptions = {}) {
    super('', status, headers);
    this.path = path;
    this.stats = statSync(path);
    if (!this.stats.isFile()) throw new SluiceError('SLUICE_NOT_A_REGULAR_FILE', { path });
    if (options.autoLastModified ?? true) this.setLastModified(this.stats.mtime);
    if (options.autoEtag ?? true) this.setEtag(`${this.stats.size.toString(16)}-${Math.trunc(this.stats.mtimeMs).toString(16)}`, true);
    if (options.disposition !== undefined) {
      const name = (options.fileName ?? basename(path)).replace(/["\\\r\n]/g, '_');
      this.headers.set('Content-Disposition', `${options.disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
  }

  override prepare(request: Request): this {
    if (this.prepared) return this;
    if (!this.headers.has('Content-Type')) this.headers.set('Content-Type', fileContentType(this.path));
    super.prepare(request);
    const size = this.stats.size;
    this.headers.set('Accept-Ranges', 'bytes');
    this.headers.set('Content-Length', size);
    const range = request.headers.get('range');
    if (range !== undefined && request.method === 'GET' && this.statusCode === 200 && this.#ifRangeHolds(request)) {
      const parsed = parseRange(range, size);
      if (parsed === 'unsatisfiable') {
        this.setStatusCode(416);
        this.headers.set('Content-Range', `bytes */${size}`);
        this.headers.set('Content-Length', 0);
        this.#omitBody = true;
      } else if (parsed !== undefined) {
        this.#range = parsed;
        this.setStatusCode(206);
        this.headers.set('Content-Range', `bytes ${parsed.start}-${parsed.end}/${size}`);
        this.headers.set('Content-Length', parsed.end - parsed.start + 1);
      }
    }
    if (request.method === 'HEAD' || this.isEmpty()) this.#omitBody = true;
    return this;
  }

  protected override setContentLength(): void {
    // set from the file's size in prepare()
  }

  protected override omitBody(): void {
    this.#omitBody = true;
  }

  override async sendContent(out: Writable): Promise<void> {
    if (this.#omitBody) {
      out.end();
      return;
    }
    const stream = createReadStream(this.path, this.#range === undefined ? {} : { start: this.#range.start, end: this.#range.end });
    await pipeline(stream, out);
  }

  #ifRangeHolds(request: Request): boolean {
    const ifRange = request.headers.get('if-range');
    if (ifRange === undefined) return true;
    if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === this.getEtag() && !ifRange.startsWith('W/');
    const lastModified = this.getLastModified();
    return lastModified !== undefined && Date.parse(ifRange) === lastModified.getTime();
  }
}

/** One `bytes=` range; several ranges are answered with the whole file (allowed by RFC 9110). */
function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
