import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestHandler, type TestResponse } from 'sluice/testing';
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
  /**
   * Resolves once a main request for `path` (its raw path, as sent) has terminated, that is
   * after kernel.terminate: every entry it logs is in by then. Requests that terminated
   * before the call count, so a test may ask after its response arrived.
   */
  terminated(path: string): Promise<void>;
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
  const kernel = createKernel(environment, environment !== 'prod', { database: `sqlite:${join(dataDir, 'data.db')}`, ...settings }, join(dataDir, 'var'));
  kernel.boot();
  const logs = new TestHandler();
  kernel.container.get('logger').pushHandler(logs);
  const terminatedPaths = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  kernel.afterTerminate((request) => {
    const path = request.rawPath;
    terminatedPaths.set(path, (terminatedPaths.get(path) ?? 0) + 1);
    for (const resolve of waiting.get(path) ?? []) resolve();
    waiting.delete(path);
  });
  return {
    kernel,
    logs,
    dataDir,
    lines: () => logs.records.map((record) => `${record.channel}.${record.level}: ${interpolate(record.message, record.context)}`),
    terminated: (path) => {
      if (terminatedPaths.has(path)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(path, [...(waiting.get(path) ?? []), resolve]));
    },
    async close() {
      await kernel.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value of the hidden input named `name` in an HTML page (a test response, or a page's text); an error when there is none. */
export function hiddenValue(page: TestResponse | string, name: string): string {
  const value = typeof page === 'string' ? hiddenValueInText(page, name) : page.select(`input[type="hidden"][name="${name}"]`).attr('value');
  if (value === undefined) throw new Error(`No hidden input "${name}" in the page.`);
  return value;
}

/** The same, in a page read from a real socket: the input's tag, then its value attribute. */
function hiddenValueInText(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`))?.[0];
  return tag?.match(/\bvalue="([^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
}
