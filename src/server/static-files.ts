import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { asWritable, type TransportRequest, type TransportResponse } from './transport.ts';
import { resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type Send from '@fastify/send';
import { realpath } from 'node:fs/promises';
import { FileIndex } from './file-index.ts';

/**
 * @fastify/send with its MIME tables, loaded by the first file served rather than at
 * import: a server whose requests all reach the kernel (an API, a site behind a CDN) does
 * not keep them resident.
 */
let sending: Promise<typeof Send> | undefined;

export interface StaticFilesOptions {
  /** Cache-Control max-age, in ms or as a string such as `'1d'`; default 0. */
  maxAge?: number | string;
  /** Adds `immutable` to Cache-Control, for fingerprinted file names. */
  immutable?: boolean;
  /** false sends no Cache-Control at all. */
  cacheControl?: boolean;
  /** How often the file index is rebuilt, in ms (see FileIndex); 0 never. Default 2000. */
  refreshMs?: number;
  /**
   * Compression of files (see compression/response-compressor.ts encoderForFile): changes
   * the headers and gives the stream the file goes through, or undefined to send it as is.
   */
  encode?: (req: TransportRequest, status: number, headers: Record<string, string | number | string[]>) => Transform | undefined;
  /**
   * Directories outside the public directory that symlinks under it may lead into (the
   * bundles' public directories, for assets:install --symlink). A file reached through
   * a symlink that leads anywhere else is not served: the application answers (a 404).
   */
  symlinkTargets?: readonly string[];
}

/** send's answers that are about the file itself; any other answer lets the kernel speak. */
const servedStatuses = new Set([200, 206, 304, 412, 416]);

/**
 * Serves the regular files under `publicDir` before the kernel sees the request, for GET
 * and HEAD, through @fastify/send (ETag, Last-Modified, 304, Range/206/416). Whatever
 * is not such a file (missing, a directory, a dotfile, outside the directory, a malformed
 * percent-encoding) is left to the kernel, whose error pages and logs answer it.
 *
 * Two guards keep a request inside `publicDir`: the path must be one the FileIndex
 * found by walking the directory (no `..`, no backslash, no NUL can be in it), and its
 * lexical resolution must stay under the directory; send's own checks come third.
 */
export class StaticFiles {
  readonly root: string;
  /** Settles once the first walk of the directory is done; no file is served before. */
  readonly ready: Promise<void>;
  readonly #index: FileIndex;
  readonly #rootPrefix: string;
  readonly #sendOptions: Send.SendOptions;
  readonly #encode: StaticFilesOptions['encode'];

  constructor(publicDir: string, options: StaticFilesOptions = {}) {
    this.root = resolve(publicDir);
    this.#rootPrefix = this.root.endsWith(sep) ? this.root : this.root + sep;
    const symlinkTargets = (options.symlinkTargets ?? []).map((target) => resolve(target));
    this.#index = new FileIndex(this.root, { refreshMs: options.refreshMs, symlinkTargets });
    this.#encode = options.encode;
    this.ready = this.#index.refresh();
    this.#sendOptions = {
      root: this.root,
      index: false,
      dotfiles: 'ignore',
      maxAge: options.maxAge ?? 0,
      immutable: options.immutable ?? false,
      cacheControl: options.cacheControl ?? true,
    };
  }

  /** Serves the request when it names a file; false when the kernel should answer it. */
  async handle(req: TransportRequest, res: TransportResponse): Promise<boolean> {
    const file = this.match(req);
    return file === undefined ? false : this.serve(req, res, file);
  }

  /** The file a GET or HEAD names, relative to the directory; undefined otherwise. No syscall. */
  match(req: TransportRequest): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* '/' */) return undefined;
    let end = url.indexOf('?');
    if (end === -1) end = url.length;
    let path = url.slice(1, end);
    if (path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        return undefined;
      }
    }
    if (!this.#index.has(path)) return undefined;
    return resolve(this.root, path).startsWith(this.#rootPrefix) ? path : undefined;
  }

  /** Sends a file `match` found; false when send no longer finds it (the kernel answers then). */
  async serve(req: TransportRequest, res: TransportResponse, file: string): Promise<boolean> {
    // checked again as it is sent: a symlink may have changed since the index was made
    let real: string;
    try {
      real = await realpath(resolve(this.root, file));
    } catch {
      return false;
    }
    if (!this.#index.allows(real)) return false;
    const encoded = `/${file.split('/').map(encodeURIComponent).join('/')}`;
    // send reads the request's method and headers only, which both transports' requests have
    const send = await (sending ??= import('@fastify/send').then((module) => module.default));
    const result = await send(req as unknown as IncomingMessage, encoded, this.#sendOptions);
    if (result.type === 'directory' || !servedStatuses.has(result.statusCode)) {
      result.stream.destroy();
      return false;
    }
    res.on('error', () => {}); // a client gone mid-file is not an error of the server
    const encoder = this.#encode?.(req, result.statusCode, result.headers as Record<string, string | number | string[]>);
    // nosniff: a file is served as its extension says, never sniffed into a page (an uploaded polyglot)
    res.writeHead(result.statusCode, { ...result.headers, 'X-Content-Type-Options': 'nosniff' });
    try {
      await (encoder === undefined ? pipeline(result.stream, asWritable(res)) : pipeline(result.stream, encoder, asWritable(res)));
    } catch {
      res.destroy(); // a read error or a client that left: that socket only
    }
    return true;
  }

  /** Rebuilds the file index now, after files were added (assets:install). */
  refresh(): Promise<void> {
    return this.#index.refresh();
  }

  close(): void {
    this.#index.close();
  }
}
