import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { debuglog, getSystemErrorName } from 'node:util';
// the Date line as node makes it: the time of the current second, made once a second
import { httpDateLine } from './http1/outgoing.ts';

/**
 * Every use of Node's undocumented internals by the server, in one place, so that a Node
 * upgrade that changes one breaks here, and the tests of this module say so.
 */

interface LatinSlicing {
  latin1Slice(start: number, end: number): string;
}

/**
 * The latin1 text of `bytes` from `start` to `end`, through Buffer's own latin1Slice: what
 * `toString('latin1', start, end)` ends up calling, without the encoding lookup and
 * argument checks in front of it, which the parser would otherwise pay once per head.
 * Where a Node lacks it, toString does the same.
 */
export const latin1Text: (bytes: Buffer, start: number, end: number) => string =
  typeof (Buffer.prototype as Partial<LatinSlicing>).latin1Slice === 'function'
    ? (bytes, start, end) => (bytes as unknown as LatinSlicing).latin1Slice(start, end)
    : (bytes, start, end) => bytes.toString('latin1', start, end);

interface Utf8Slicing {
  utf8Slice(start: number, end: number): string;
}

/**
 * The UTF-8 text of all of `bytes`, through Buffer's own utf8Slice, as latin1Text does for
 * latin1: what `toString('utf8')` ends up calling (malformed sequences become U+FFFD the
 * same way). Where a Node lacks it, toString does the same.
 */
export const utf8Text: (bytes: Buffer) => string =
  typeof (Buffer.prototype as Partial<Utf8Slicing>).utf8Slice === 'function'
    ? (bytes) => (bytes as unknown as Utf8Slicing).utf8Slice(0, bytes.length)
    : (bytes) => bytes.toString('utf8');

/**
 * Has a node:http server answer a client that half-closed after its request (as
 * Http1Server does) instead of dropping the response: node's own `httpAllowHalfOpen`
 * switch, a plain property of http.Server that its types do not declare.
 */
export function answerHalfClosedClients(server: Server): void {
  if (!('httpAllowHalfOpen' in server)) throw new Error('This Node has no http.Server#httpAllowHalfOpen: the server cannot answer half-closed clients.');
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}

/**
 * Has node:http leave a request without a body undrained once its response is done.
 * Node drains every request nobody read (`_dump`: the stream resumed, read to its end,
 * ended and destroyed, over three more ticks), so that a body left unread does not stay
 * on the wire; a request without one has nothing there, its stream holds only its end.
 * `_consuming` is what node checks first: the flag its IncomingMessage sets on a first read.
 * Where a Node lacks it, nothing is changed and node drains as before.
 */
export function leaveUndrained(req: IncomingMessage): void {
  const flagged = req as unknown as { _consuming?: unknown };
  if (typeof flagged._consuming === 'boolean') flagged._consuming = true;
}

/** The symbol node:http keeps a response's headers under (its `kOutHeaders`), found on the first response; null where there is none. */
let outHeaders: symbol | null | undefined;

/**
 * Puts `store` where node:http keeps the headers `setHeader` sets (lowercase name →
 * `[name, value]`), on a response that has none yet: `writeHead` without headers then
 * writes them, as it writes headers set one by one, without testing them again (setHeader
 * tested each). `store` undefined takes them away again. False, having done nothing, when
 * the response already has headers of its own or this Node keeps them otherwise.
 */
export function storeCheckedHeaders(res: ServerResponse, store: object | undefined): boolean {
  outHeaders ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'kOutHeaders') ?? null;
  if (outHeaders === null) return false;
  const own = res as unknown as Record<symbol, unknown>;
  if (store === undefined) {
    own[outHeaders] = null;
    return true;
  }
  if (own[outHeaders] !== null) return false;
  own[outHeaders] = store;
  return true;
}

/** The fields of node's ServerResponse that its `writeHead` and `_storeHeader` read and set for a head with a Content-Length. */
interface HeadState {
  _header: string | null;
  _headerSent: boolean;
  statusCode: number;
  statusMessage: string;
  sendDate: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached: boolean;
  _defaultKeepAlive: boolean;
  _keepAliveTimeout: number | undefined;
  _maxRequestsPerSocket: number | undefined;
  _removedConnection: boolean;
  _expect_continue: boolean;
  _last: boolean;
  chunkedEncoding: boolean;
  _contentLength: number | null;
}

/** Whether this Node's ServerResponse has the fields storeMadeHead uses, found on the first response. */
let headStateKnown: boolean | undefined;

function hasHeadState(res: ServerResponse): boolean {
  const out = res as unknown as Partial<HeadState>;
  return '_header' in out && typeof out._headerSent === 'boolean' && typeof out.sendDate === 'boolean' && typeof out.shouldKeepAlive === 'boolean'
    && typeof out.maxRequestsOnConnectionReached === 'boolean' && typeof out._defaultKeepAlive === 'boolean' && '_keepAliveTimeout' in out
    && typeof out._removedConnection === 'boolean' && typeof out._expect_continue === 'boolean' && typeof out._last === 'boolean'
    && typeof out.chunkedEncoding === 'boolean' && '_contentLength' in out;
}

/** The last Keep-Alive line made, for the server's timeout and maximum it was made for. */
let keepAliveLine = '';
let keepAliveTimeout: number | undefined;
let keepAliveMax: number | undefined;

/**
 * Makes the head `writeHead(statusCode, statusMessage, list)` would make, for a list of
 * checked header lines (`lines`: the status line, then a line per header) that has a
 * Content-Length (of `contentLength`) and none of the names node reads for itself
 * (Connection, Transfer-Encoding, Date, Expect, Trailer, Keep-Alive, Content-Disposition):
 * node's `_storeHeader` then adds the Date line and the Connection (and Keep-Alive) lines
 * from the response's state, and sets the same state as here. Node adds four pieces per
 * header (name, colon, value, line end), which the socket's write then copies one by one
 * into a flat string; here each line is one piece, made once per value and name.
 * False, having done nothing, where node must make the head itself: headers set on the
 * response before, a head already made, a Connection header removed, a client waiting
 * for 100 Continue, a chunked response, a Node without these fields.
 */
export function storeMadeHead(res: ServerResponse, statusCode: number, statusMessage: string, lines: string, contentLength: number): boolean {
  headStateKnown ??= hasHeadState(res);
  outHeaders ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'kOutHeaders') ?? null;
  if (!headStateKnown || outHeaders === null) return false;
  const out = res as unknown as HeadState;
  if ((res as unknown as Record<symbol, unknown>)[outHeaders] !== null || out._header !== null || out._removedConnection || out._expect_continue || out.chunkedEncoding) return false;
  out.statusMessage = statusMessage;
  out.statusCode = statusCode;
  out._contentLength = contentLength;
  let head = lines;
  if (out.sendDate) head += httpDateLine();
  // node's keep-alive logic, for a head with a Content-Length and no Connection header
  if (out.shouldKeepAlive && out.maxRequestsOnConnectionReached) {
    head += 'Connection: close\r\n';
  } else if (out.shouldKeepAlive) {
    head += 'Connection: keep-alive\r\n';
    if (out._keepAliveTimeout && out._defaultKeepAlive) head += keepAliveLineOf(out._keepAliveTimeout, out._maxRequestsPerSocket);
  } else {
    out._last = true;
    head += 'Connection: close\r\n';
  }
  out._header = head + '\r\n';
  out._headerSent = false;
  return true;
}

function keepAliveLineOf(timeout: number, max: number | undefined): string {
  if (timeout !== keepAliveTimeout || max !== keepAliveMax) {
    keepAliveTimeout = timeout;
    keepAliveMax = max;
    keepAliveLine = `Keep-Alive: timeout=${Math.floor(timeout / 1000)}${~~(max as number) > 0 ? `, max=${max}` : ''}\r\n`;
  }
  return keepAliveLine;
}

/** The fields of node's OutgoingMessage that `end` reads and sets on its way to the socket. */
interface OutgoingState {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  chunkedEncoding: boolean;
  strictContentLength: boolean;
  finished: boolean;
  outputData: unknown[];
  _finish(): void;
}

/** Whether this Node's ServerResponse has the fields endInOneWrite uses, found on the first response. */
let outgoingStateKnown: boolean | undefined;

function hasOutgoingState(res: ServerResponse): boolean {
  const out = res as unknown as Partial<OutgoingState>;
  return typeof out._headerSent === 'boolean' && typeof out._hasBody === 'boolean' && typeof out.chunkedEncoding === 'boolean' && typeof out.strictContentLength === 'boolean' && Array.isArray(out.outputData) && typeof out._finish === 'function' && '_header' in out;
}

/**
 * Ends a response whose head is made (writeHead) and not yet sent with `body`, as
 * `res.end(body)` does, in one write of the socket instead of two: node's `end` corks
 * the socket, writes the head and body, then an empty chunk that carries its 'finish',
 * and uncorks, which hands the socket's handle the two as a vector of strings. Here the
 * head and body are one write whose callback emits 'finish', as node's does. The same
 * bytes, the same events in the same ticks. False, having done nothing, in any other
 * case (no body, a head already sent, chunked, strict lengths, a socket not free to
 * write at once, a Node without these fields): the caller then ends as node does.
 * `written` is called once the write is done, sent or failed, after 'finish'.
 */
export function endInOneWrite(res: ServerResponse, body: string, written?: (res: ServerResponse) => void): boolean {
  outgoingStateKnown ??= hasOutgoingState(res);
  const socket = res.socket as (Socket & { _httpMessage?: unknown; _hadError?: boolean }) | null;
  if (!outgoingStateKnown || socket === null) return false;
  const out = res as unknown as OutgoingState;
  const head = out._header;
  if (head === null || out._headerSent || out.finished || !out._hasBody || out.chunkedEncoding || out.strictContentLength || out.outputData.length !== 0 || res.destroyed) return false;
  if (socket._httpMessage !== res || !socket.writable || socket.writableCorked !== 0) return false;
  out._headerSent = true;
  socket.write(head + body, undefined, () => {
    // node's own onFinish: no 'finish' for a response whose socket failed
    const current = res.socket as (Socket & { _hadError?: boolean }) | null;
    if (current === null || current._hadError !== true) res.emit('finish');
    written?.(res);
  });
  out.finished = true;
  out._finish();
  return true;
}

/**
 * The read path of plain connections is checked on the first one: the fast one (reads
 * into the server's buffer) or the fallback (the socket's stream, a new buffer per read).
 * It is logged once at debug level (NODE_DEBUG=sluice), and said once on stderr when it
 * is the fallback (slower, not wrong); with
 * SLUICE_REQUIRE_FAST_READS=1 (CI on each Node it supports) the fallback is an error, so
 * a Node that renames an internal fails the tests instead of running slower unseen.
 */
let readPathReported = false;
const debug = debuglog('sluice');

function reportReadPath(fast: boolean): void {
  if (readPathReported) return;
  readPathReported = true;
  debug(`HTTP/1.1 server: plain connections read ${fast ? 'into the server\'s buffer' : 'through their streams'}`);
  if (fast) return;
  const message = `Sluice HTTP/1.1 server: Node ${process.version} does not let connections read into the server's buffer; they read through their streams (slower).`;
  if (process.env['SLUICE_REQUIRE_FAST_READS'] === '1') throw new Error(message);
  process.emitWarning(message);
}

/** Whether a plain connection of this Node can read into a caller's buffer (the start-up self-check, for tests and CI). */
export function canReadIntoBuffer(socket: Socket): boolean {
  const handle = (socket as unknown as { _handle?: { useUserBuffer?: unknown } | null })._handle;
  return handle !== undefined && handle !== null && typeof handle.useUserBuffer === 'function' && (readIntoFields ??= readIntoFieldsOf(socket)) !== null;
}

/** The fields of a net.Socket that its `onread` option sets, found by their symbols' descriptions. */
interface ReadIntoFields {
  buffer: symbol;
  callback: symbol;
  generator: symbol;
}

let readIntoFields: ReadIntoFields | null | undefined;

function readIntoFieldsOf(socket: Socket): ReadIntoFields | null {
  const found = new Map(Object.getOwnPropertySymbols(socket).map((symbol) => [symbol.description, symbol]));
  const buffer = found.get('kBuffer');
  const callback = found.get('kBufferCb');
  const generator = found.get('kBufferGen');
  return buffer === undefined || callback === undefined || generator === undefined ? null : { buffer, callback, generator };
}

/**
 * Has a connection's reads land in `buffer`, each handed to `onRead` with its length,
 * as net.Socket's documented `onread` option does; false (nothing changed) where this
 * node does not allow it, and the socket is then read through its stream.
 *
 * A server cannot pass that option to the sockets it accepts, so this sets what the
 * option sets, on the accepted socket before its first read: its stream handle's user
 * buffer, and the socket's own fields for the option (found by their symbols'
 * descriptions, and only used when all three are there and unset). A read then
 * skips what the stream machinery does for each chunk (a new buffer allocated, pushed,
 * emitted, and a next read scheduled), which is a large part of what a small request
 * costs. `pause()`, `resume()`, 'end', 'error' and 'close' behave as before: node's
 * Socket handles the option in each of them.
 */
export function readIntoBuffer(socket: Socket, buffer: Buffer, onRead: (length: number) => boolean): boolean {
  const active = tryReadIntoBuffer(socket, buffer, onRead);
  reportReadPath(active);
  return active;
}

function tryReadIntoBuffer(socket: Socket, buffer: Buffer, onRead: (length: number) => boolean): boolean {
  const handle = (socket as unknown as { _handle?: { useUserBuffer?: unknown } | null })._handle;
  if (handle === undefined || handle === null || typeof handle.useUserBuffer !== 'function') return false;
  readIntoFields ??= readIntoFieldsOf(socket);
  const fields = readIntoFields;
  const own = socket as unknown as Record<symbol, unknown>;
  if (fields === null || own[fields.buffer] !== null || own[fields.callback] !== null || own[fields.generator] !== null) return false;
  own[fields.buffer] = buffer;
  own[fields.callback] = onRead;
  (handle.useUserBuffer as (buffer: Uint8Array) => void).call(handle, buffer);
  return true;
}

/**
 * The request object a stream handle's write takes, of the class net.Socket makes one of
 * for each write (node's WriteWrap). The handle ties it to a write only when that write
 * has to wait for the kernel; `getAsyncId` then answers that write's id, and -1 while it
 * is tied to none.
 */
interface WriteRequest {
  getAsyncId(): number;
  oncomplete: ((status: number) => void) | undefined;
}

interface WritingHandle {
  writeUtf8String(request: WriteRequest, text: string): number;
  writeLatin1String(request: WriteRequest, text: string): number;
}

/** The class of write requests, learnt from the first write through a socket; null where it cannot be. */
let writeRequestClass: (new () => WriteRequest) | null | undefined;
/** A write request tied to no write, handed to each write that the kernel takes at once. */
let spareRequest: WriteRequest | undefined;
let writePathReported = false;

/**
 * The write path of plain connections, reported as the read path is (see reportReadPath):
 * once at debug level; the fallback once on stderr, and as an error with
 * SLUICE_REQUIRE_FAST_READS=1, which CI sets for both paths.
 */
function reportWritePath(fast: boolean): void {
  if (writePathReported) return;
  writePathReported = true;
  debug(`HTTP/1.1 server: plain connections write ${fast ? 'to their stream handles' : 'through their streams'}`);
  if (fast) return;
  const message = `Sluice HTTP/1.1 server: Node ${process.version} does not let connections write to their stream handles; they write through their streams (slower).`;
  if (process.env['SLUICE_REQUIRE_FAST_READS'] === '1') throw new Error(message);
  process.emitWarning(message);
}

function writingHandleOf(socket: Socket): WritingHandle | undefined {
  const handle = (socket as unknown as { _handle?: Partial<WritingHandle> | null })._handle;
  return handle !== undefined && handle !== null && typeof handle.writeUtf8String === 'function' && typeof handle.writeLatin1String === 'function' && typeof (socket as unknown as { _unrefTimer?: unknown })._unrefTimer === 'function'
    ? (handle as WritingHandle)
    : undefined;
}

/** Whether a response can be written to a plain connection's stream handle on this Node (the self-check, for tests and CI); true once a first write has shown the way. */
export function canWriteToHandle(socket: Socket): boolean {
  return writingHandleOf(socket) !== undefined && writeRequestClass !== undefined && writeRequestClass !== null;
}

/**
 * Whether nothing of the socket's own writing is under way: nothing buffered or being
 * written, not corked, not ending or ended, not destroyed. Only then may a write bypass
 * it and still come after everything written before.
 */
function socketIdle(socket: Socket): boolean {
  return socket.writableLength === 0 && socket.writableCorked === 0 && !socket.writableEnded && !socket.destroyed && !socket.connecting;
}

/**
 * Writes `text` (utf8, or latin1 when `latin1`) to a plain connection's stream handle
 * itself, as net.Socket's write ends up doing, without what that write does around it
 * for each call: the Writable's state and callbacks and a new write request. Returns 0
 * when the kernel took it all; 1 when some of it waits in the handle's queue, in order
 * after nothing (the socket was idle) and before anything written later through the
 * socket or this function, with `onWritten(status)` called once it is all written or
 * failed (status negative, an errno); a negative errno when the write failed at once.
 * Returns undefined, having done nothing, when the socket is not idle or the handle
 * cannot be written so (before the first write through a socket, on a Node without the
 * means): the caller then writes through the socket, with `writeThroughSocket`.
 *
 * The socket's counts stay right: `bytesWritten` is the handle's own count, and its
 * timeout is refreshed as its own writes refresh it.
 */
export function writeToHandle(socket: Socket, text: string, latin1: boolean, onWritten: (status: number) => void): number | undefined {
  const request = spareRequest;
  if (request === undefined || !socketIdle(socket)) return undefined;
  const handle = writingHandleOf(socket);
  if (handle === undefined) return undefined;
  (socket as unknown as { _unrefTimer(): void })._unrefTimer();
  const error = latin1 ? handle.writeLatin1String(request, text) : handle.writeUtf8String(request, text);
  if (request.getAsyncId() === -1) return error === 0 ? 0 : error;
  // tied to the write that waits: the handle calls oncomplete on it, and the next write takes a new one
  spareRequest = new writeRequestClass!();
  request.oncomplete = (status) => {
    if (status >= 0 && !socket.destroyed) (socket as unknown as { _unrefTimer(): void })._unrefTimer();
    onWritten(status);
  };
  return error === 0 ? 1 : error;
}

/**
 * `socket.write(text, encoding)`. The first such write of the process, on an idle plain
 * socket, also learns the class of the request net.Socket hands its handle (it is not
 * exported), by looking at that argument: writeToHandle needs one of its own.
 */
export function writeThroughSocket(socket: Socket, text: string, latin1: boolean): boolean {
  if (writeRequestClass !== undefined || !socketIdle(socket)) return socket.write(text, latin1 ? 'latin1' : 'utf8');
  const handle = writingHandleOf(socket) as unknown as Record<string, unknown> | undefined;
  if (handle === undefined) {
    writeRequestClass = null;
    reportWritePath(false);
    return socket.write(text, latin1 ? 'latin1' : 'utf8');
  }
  const method = latin1 ? 'writeLatin1String' : 'writeUtf8String';
  const original = handle[method] as (this: unknown, request: unknown, text: string) => number;
  let seen: unknown;
  handle[method] = function (this: unknown, request: unknown, data: string): number {
    seen = request;
    return original.call(this, request, data);
  };
  try {
    return socket.write(text, latin1 ? 'latin1' : 'utf8');
  } finally {
    delete handle[method];
    learnWriteRequestClass(seen);
  }
}

function learnWriteRequestClass(request: unknown): void {
  const constructor = typeof request === 'object' && request !== null ? (request as { constructor?: unknown }).constructor : undefined;
  let spare: WriteRequest | undefined;
  try {
    if (typeof constructor === 'function') spare = new (constructor as new () => WriteRequest)();
  } catch {
    spare = undefined;
  }
  if (spare !== undefined && typeof spare.getAsyncId === 'function' && spare.getAsyncId() === -1) {
    writeRequestClass = constructor as new () => WriteRequest;
    spareRequest = spare;
    reportWritePath(true);
  } else {
    writeRequestClass = null;
    reportWritePath(false);
  }
}

/** The error a failed write of a socket is destroyed with, as net.Socket makes it. */
export function writeError(status: number): Error {
  const code = getSystemErrorName(status);
  return Object.assign(new Error(`write ${code}`), { errno: status, code, syscall: 'write' });
}
