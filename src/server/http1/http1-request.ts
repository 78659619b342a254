import type { Readable } from 'node:stream';
import type { Socket } from 'node:net';
import type { HeaderValue, RequestHead } from './request-head.ts';
import type { TransportRequest } from '../transport.ts';

/** A request as node's IncomingMessage shows it, for what the framework reads; `body` is its stream, when it has a body. */
export class Http1Request implements TransportRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: '1.0' | '1.1';
  readonly headers: Record<string, HeaderValue>;
  readonly socket: Socket;
  /** Whether the whole request, body included, has been received. */
  complete = false;
  body: Readable | undefined;

  constructor(head: RequestHead, socket: Socket) {
    this.method = head.method;
    this.url = head.url;
    this.httpVersion = head.httpVersion;
    this.headers = head.headers;
    this.socket = socket;
  }
}

