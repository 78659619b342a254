import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { debuglog } from 'node:util';

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
