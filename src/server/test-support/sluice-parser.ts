import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { Http1Server } from '../http1/http1-server.ts';
import { Http1Connection } from '../http1/http1-connection.ts';
import type { Http1Request } from '../http1/http1-request.ts';
import type { Http1Response } from '../http1/http1-response.ts';

/** A message as the Sluice server read it. */
export interface SluiceMessage {
  method: string;
  url: string;
  version: string;
  headers: Record<string, string | string[]>;
  keepAlive: boolean;
  body: Buffer;
}

export interface SluiceOutcome {
  /** The messages read to their end, in order. */
  messages: SluiceMessage[];
  /** The head of a message whose body was still being read when the bytes ran out or failed. */
  started: SluiceMessage | undefined;
  /** The status the server refused the bytes with (400, 501, ...), or undefined. */
  refused: number | undefined;
}

/**
 * A socket that is no socket: what the connection writes is kept, and what the test
 * sends arrives as 'data' events, as a stream-read connection receives it.
 */
class FakeSocket extends EventEmitter {
  written = '';
  ended = false;
  /** What the connection's last write said, when it ended the connection with one (a refusal). */
  endedWith: string | undefined;
  destroyed = false;
  writableNeedDrain = false;
  remoteAddress = '127.0.0.1';

  write(data: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean {
    this.written += typeof data === 'string' ? data : Buffer.from(data).toString('latin1');
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }

  end(data?: string): void {
    if (data !== undefined) this.written += data;
    this.endedWith = data;
    this.ended = true;
  }

  destroySoon(): void {
    this.destroyed = true;
  }

  destroy(): void {
    this.destroyed = true;
  }

  pause(): void {}
  resume(): void {}
  cork(): void {}
  uncork(): void {}
}

/**
 * The Sluice server's reading of a connection's bytes, in process: a real Http1Connection
 * on a fake socket, each chunk one read, every request's body read to its end and
 * answered at once (so pipelined requests are read on).
 */
export class SluiceParser {
  readonly #server = new Http1Server({ streamReads: true, headersTimeout: 0, requestTimeout: 0, keepAliveTimeout: 0 });
  #messages: SluiceMessage[] = [];
  #started: SluiceMessage | undefined;

  constructor() {
    this.#server.on('request', (req: Http1Request, res: Http1Response) => this.#onRequest(req, res));
  }

  #onRequest(req: Http1Request, res: Http1Response): void {
    const message: SluiceMessage = { method: req.method, url: req.url, version: req.httpVersion, headers: { ...req.headers }, keepAlive: res.shouldKeepAlive, body: Buffer.alloc(0) };
    const body = req.body;
    if (body === undefined) {
      this.#messages.push(message);
      res.end();
      return;
    }
    this.#started = message;
    const parts: Buffer[] = [];
    body.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      message.body = Buffer.concat(parts);
    });
    body.on('error', () => {});
    body.on('end', () => {
      this.#started = undefined;
      this.#messages.push(message);
      res.end();
    });
  }

  /** Feeds `chunks` one read each; `settle` waits for the bodies' events between reads, when set. */
  async parse(chunks: readonly Buffer[], settle = false): Promise<SluiceOutcome> {
    this.#messages = [];
    this.#started = undefined;
    const socket = new FakeSocket();
    const connection = new Http1Connection(this.#server, socket as unknown as Socket);
    for (const chunk of chunks) {
      if (socket.ended || socket.destroyed) break;
      socket.emit('data', chunk);
      if (settle) await new Promise(setImmediate);
    }
    await new Promise(setImmediate);
    const refusal = socket.endedWith === undefined ? null : /^HTTP\/1\.1 (\d{3}) /.exec(socket.endedWith);
    connection.destroy();
    socket.emit('close');
    return { messages: this.#messages, started: this.#started, refused: refusal === null ? undefined : Number(refusal[1]) };
  }
}
