import type { Readable } from 'node:stream';
import type { Request } from '../http/request.ts';
import type { ParameterBag } from '../http/parameter-bag.ts';
import { HttpException } from '../exception/http-exception.ts';
import { BadRequestHttpException } from '../exception/bad-request-http-exception.ts';
import { UploadedFile } from './uploaded-file.ts';
import { utf8Text } from './node-internals.ts';

export interface BodyOptions {
  /** The most bytes read; a larger body is a 413. Default 1 MiB. */
  limit?: number;
}

const defaultLimit = 1024 * 1024;

/** A stream can be read once: every reader of the same body shares the one read. */
const reads = new WeakMap<object, Promise<Buffer>>();
const parses = new WeakMap<Request, Promise<Buffer>>();

/**
 * The body's bytes when they are all at hand without waiting: a body given as bytes or text,
 * or one the server received whole with the request's head and nobody has read yet.
 * Undefined when it must be read from the stream (`readBody`). Past `limit`, a 413.
 */
export function bufferedBody(request: Request, options: BodyOptions = {}): Buffer | undefined {
  const limit = options.limit ?? defaultLimit;
  const body = request.body;
  let bytes: Buffer | undefined;
  if (body === undefined) bytes = Buffer.alloc(0);
  else if (typeof body === 'string') bytes = Buffer.from(body);
  else if (Buffer.isBuffer(body)) bytes = body;
  else if (!reads.has(body)) bytes = (body as { completeBytes?: Buffer | undefined }).completeBytes;
  if (bytes !== undefined && bytes.length > limit) throw tooLarge(limit);
  return bytes;
}

/** The body's bytes, at most `limit` of them (413 past it; 400 when the client stops sending). */
export function readBody(request: Request, options: BodyOptions = {}): Promise<Buffer> {
  const limit = options.limit ?? defaultLimit;
  const body = request.body;
  if (body === undefined) return Promise.resolve(Buffer.alloc(0));
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return bytes.length > limit ? Promise.reject(tooLarge(limit)) : Promise.resolve(bytes);
  }
  let read = reads.get(body);
  if (read === undefined) {
    const declared = Number(request.headers.get('content-length'));
    read = declared > limit ? Promise.reject(tooLarge(limit)) : readStream(body, limit);
    reads.set(body, read);
  }
  return read;
}

/**
 * Reads the body and, for a form, fills `request.form` (and `request.files` for
 * multipart): repeated keys and `key[]` give arrays, as in the query string. Resolves with
 * the raw bytes whatever the type. A body that cannot be parsed is a 400.
 */
export function parseBody(request: Request, options: BodyOptions = {}): Promise<Buffer> {
  let parse = parses.get(request);
  if (parse === undefined) {
    parse = readBody(request, options).then(async (raw) => {
      const type = mediaType(request);
      if (type === 'application/x-www-form-urlencoded') fillUrlEncoded(request.form, raw);
      else if (type === 'multipart/form-data') await fillMultipart(request, raw);
      return raw;
    });
    parses.set(request, parse);
  }
  return parse;
}

/** The body parsed as JSON; invalid JSON (an empty body too) is a 400. */
export async function parseJson(request: Request, options: BodyOptions = {}): Promise<unknown> {
  return jsonOf(await readBody(request, options));
}

/** Bytes parsed as JSON; invalid JSON (no bytes too) is a 400. */
export function jsonOf(raw: Buffer): unknown {
  try {
    return JSON.parse(utf8Text(raw));
  } catch (error) {
    throw new BadRequestHttpException('The request body is not valid JSON.', { cause: error });
  }
}

function readStream(stream: Readable, limit: number): Promise<Buffer> {
  if (stream.readableEnded || stream.destroyed) return Promise.reject(new Error('The request body was already read.'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Not destroyed: the 413 still has to reach the client; the adapter closes the
      // connection rather than draining the rest.
      stop();
      stream.pause();
      reject(tooLarge(limit));
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      stop();
      reject(new BadRequestHttpException(`The request body could not be read: ${error.message}.`, { cause: error }));
    };
    const onClose = (): void => onError(new Error('the client stopped sending'));
    stream.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function fillUrlEncoded(form: ParameterBag<string | string[]>, raw: Buffer): void {
  for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) add(form, key, value);
}

async function fillMultipart(request: Request, raw: Buffer): Promise<void> {
  let entries: FormData;
  try {
    // undici's own multipart parser (Node's fetch), so no dependency of ours parses it
    entries = await new globalThis.Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type')! },
      body: raw,
      duplex: 'half',
    } as RequestInit).formData();
  } catch (error) {
    throw new BadRequestHttpException('The multipart body is malformed.', { cause: error });
  }
  for (const [key, value] of entries) {
    if (typeof value === 'string') add(request.form, key, value);
    // an empty file input is sent as a nameless, empty part: nothing was uploaded
    else if (value.name !== '' || value.size > 0) add(request.files, key, new UploadedFile(value));
  }
}

/** `a=1&a=2` gives `a: ['1','2']`; `b[]=1` gives `b: ['1']`. */
function add<V>(bag: ParameterBag<V | V[]>, rawKey: string, value: V): void {
  const isList = rawKey.endsWith('[]');
  const key = isList ? rawKey.slice(0, -2) : rawKey;
  const existing = bag.get(key);
  if (existing === undefined) bag.set(key, isList ? [value] : value);
  else bag.set(key, Array.isArray(existing) ? [...existing, value] : [existing, value]);
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function tooLarge(limit: number): HttpException {
  return new HttpException(413, `The request body is larger than ${limit} bytes.`);
}
