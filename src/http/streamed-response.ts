import type { Writable } from 'node:stream';
import type { HeaderInput } from './header-bag.ts';
import { Response } from './response.ts';
import type { Request } from './request.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export type StreamCallback = (out: Writable) => void | Promise<void>;

/**
 * A response whose body is written over time by `callback` (templates rendered in parts,
 * server-sent events). No Content-Length; the callback runs once, when the response is sent.
 */
export class StreamedResponse extends Response {
  /**
   * Send the status line and headers before the callback runs, so the client sees the
   * response start even when the first chunk comes late (set by StreamedResponseListener).
   */
  flushHeadersFirst = false;
  #callback: StreamCallback | undefined;
  #sent = false;

  constructor(callback?: StreamCallback, status = 200, headers?: HeaderInput) {
    super('', status, headers);
    this.#callback = callback;
  }

  setCallback(callback: StreamCallback): this {
    this.#callback = callback;
    return this;
  }

  override set content(content: string | Buffer) {
    if (content !== '') throw new SluiceError('SLUICE_STREAMED_RESPONSE_CONTENT', {});
  }

  override get content(): string | Buffer {
    return '';
  }

  override prepare(request: Request): this {
    if (this.prepared) return this;
    super.prepare(request);
    this.headers.remove('Content-Length');
    if (request.method === 'HEAD') this.#callback = undefined;
    return this;
  }

  protected override setContentLength(): void {
    // the length of a streamed body is not known in advance
  }

  override async sendContent(out: Writable): Promise<void> {
    if (this.#sent) throw new SluiceError('SLUICE_STREAMED_RESPONSE_SENT_TWICE', {});
    this.#sent = true;
    const callback = this.#callback;
    const flush = (out as Writable & { flushHeaders?: () => void }).flushHeaders;
    if (this.flushHeadersFirst && typeof flush === 'function') flush.call(out);
    if (callback !== undefined) await callback(out);
    if (!out.writableEnded) out.end();
  }
}
