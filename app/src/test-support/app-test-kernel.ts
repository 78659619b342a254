import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Request } from 'sluice';
import type { Response } from 'sluice';
import { TestHandler } from 'sluice/testing';
import { interpolate } from 'sluice';
import type { AppSettings } from '../../config/config.ts';
import type { AppKernel } from '../app-kernel.ts';
import { createKernel } from '../create-kernel.ts';

export interface TestApp {
  readonly kernel: AppKernel;
  /** Every log entry of the kernel, as the handlers see them. */
  readonly logs: TestHandler;
  /** The database's directory, also the kernel's var directory (logs, profiles): removed by `close()`. */
  readonly dataDir: string;
  /** Entries so far as `channel.LEVEL: message`, placeholders filled. */
  lines(): string[];
  close(): Promise<void>;
}

/**
 * The events application in an environment, on a database and a var directory of its own
 * (a fresh SQLite file, seeded at boot; logs and profiles), so tests neither read nor
 * change `app/var`. Everything else is the application's: its bundles, templates and
 * public directory.
 */
export function testApp(environment = 'test', settings: Partial<AppSettings> = {}): TestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'sluice-app-'));
  const kernel = createKernel(environment, environment !== 'prod', { database: `sqlite:${join(dataDir, 'data.db')}`, staticIndexRefreshMs: 0, ...settings }, join(dataDir, 'var'));
  kernel.boot();
  const logs = new TestHandler();
  kernel.container.get('logger').pushHandler(logs);
  return {
    kernel,
    logs,
    dataDir,
    lines: () => logs.records.map((record) => `${record.channel}.${record.level}: ${interpolate(record.message, record.context)}`),
    async close() {
      await kernel.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser in process: requests through `kernel.handle` (then terminate, as the server
 * does), keeping the session cookie between them.
 */
export class Browser {
  readonly #kernel: AppKernel;
  #cookies = new Map<string, string>();

  constructor(kernel: AppKernel) {
    this.#kernel = kernel;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request('GET', path, { headers });
  }

  /** Posts a form: fields as strings; files as `{ name, type, bytes }` (multipart then). */
  post(path: string, fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }> = {}): Promise<Response> {
    if (Object.keys(files).length === 0) {
      return this.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    }
    return this.#multipart(path, fields, files);
  }

  async request(method: string, path: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Response> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = { ...(cookie !== '' && { cookie }), ...init.headers };
    const request = Request.create(`http://localhost${path}`, method, { headers, ...(init.body !== undefined && { body: init.body }) });
    const response = await this.#kernel.handle(request);
    await this.#kernel.terminate(request, response);
    for (const set of response.headers.getCookies()) {
      if (set.isCleared) this.#cookies.delete(set.name);
      else this.#cookies.set(set.name, set.value);
    }
    return response;
  }

  /** The body and type a browser sends for a form with files (built by undici's FormData). */
  async #multipart(path: string, fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }>): Promise<Response> {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const [name, file] of Object.entries(files)) data.append(name, new Blob([file.bytes], { type: file.type }), file.name);
    const encoded = new globalThis.Response(data);
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request('POST', path, { body, headers: { 'content-type': encoded.headers.get('content-type')! } });
  }
}

/** The value of a hidden input named `name` in an HTML page. */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (match === null) throw new Error(`No hidden input "${name}" in the page.`);
  return match[1]!;
}
