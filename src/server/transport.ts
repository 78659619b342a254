import type { Readable, Writable } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * What speaks HTTP to NodeAdapter, whichever server it is: the Sluice HTTP/1.1 server
 * (Http1Request, Http1Response) or node:http (NodeRequest, its own ServerResponse). The
 * adapter, the static files and the request log see only these members, so they never
 * ask which server they run on.
 */

/** A request as a transport hands it over, its head read. */
export interface TransportRequest {
  readonly method?: string;
  /** The request target (origin-form; node:http hands an absolute-form one over as sent). */
  readonly url?: string;
  /** Lowercase names; repeated fields joined as node:http joins them (`set-cookie` a list). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly socket: Socket;
  /** Whether the whole request, body included, has been received. */
  readonly complete: boolean;
  /** The body as it arrives, or undefined when the request has none (RFC 9112 §6.3). */
  readonly body: Readable | undefined;
}

/** Headers as `writeHead` takes them: `[name, value, ...]` or an object. */
type OutgoingHeaders = Array<string | string[]> | Record<string, string | number | string[] | undefined>;

/**
 * A response as a transport takes it: the members of node's ServerResponse the framework
 * uses. Its body is written as to a Writable (`write`, `end`, back-pressure by `drain`),
 * which is how Response.sendContent and pipeline see it.
 */
export interface TransportResponse {
  statusCode: number;
  /** Whether the connection stays open after this response (false: `Connection: close`). */
  shouldKeepAlive: boolean;
  readonly headersSent: boolean;
  readonly destroyed: boolean;
  /** Finished, or its connection gone: 'close' has been emitted. */
  readonly closed: boolean;
  writeHead(statusCode: number, statusText: string | undefined, headers?: OutgoingHeaders): this;
  writeHead(statusCode: number, headers?: OutgoingHeaders): this;
  destroy(error?: Error): this;
  on(event: 'close' | 'finish' | 'drain', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  once(event: 'close' | 'finish' | 'drain', listener: () => void): this;
}

/**
 * The response as the Writable that Response.sendContent and pipeline take: it has the
 * members of one they use, as node's own ServerResponse (typed a Writable, built on
 * none) has them.
 */
export function asWritable(res: TransportResponse): Writable {
  return res as unknown as Writable;
}
