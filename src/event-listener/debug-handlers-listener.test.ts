import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { ErrorHandler } from '../error-handler/error-handler.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestStack } from '../http/request-stack.ts';
import { InFlightRequests } from '../http/in-flight-requests.ts';
import { RequestEvent } from '../event/request-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { send } from '../server/test-support/http-client.ts';
import { DebugHandlersListener, type UncaughtErrorAnswering } from './debug-handlers-listener.ts';
import { typescriptImport } from '../test-support/node-typescript.ts';

class Sink {
  readonly lines: string[] = [];
  info(message: string): void { this.lines.push(`INFO ${message}`); }
  critical(message: string): void { this.lines.push(`CRITICAL ${message}`); }
}

const kernel: HttpKernelInterface = { handle: async () => new Response() };
const mainEvent = (request = Request.create('/')): RequestEvent => new RequestEvent(kernel, request, RequestType.MAIN);
const counts = (): number[] => ['uncaughtException', 'unhandledRejection', 'warning'].map((name) => process.listenerCount(name));

function setup(): { handler: ErrorHandler; sink: Sink; listener: DebugHandlersListener; answering: UncaughtErrorAnswering; answered: Array<[Error, Request]> } {
  const handler = new ErrorHandler();
  const sink = new Sink();
  const answered: Array<[Error, Request]> = [];
  const answering: UncaughtErrorAnswering = {
    requestStack: new RequestStack<Request>(),
    inFlight: new InFlightRequests(),
    handleException: async (error, request) => (answered.push([error, request]), new Response('error page', 500)),
  };
  const listener = new DebugHandlersListener({ errorHandler: handler, logger: sink, replayEachRequest: true, uncaughtErrors: answering });
  return { handler, sink, listener, answering, answered };
}

describe('DebugHandlersListener: process-level handlers', () => {
  let current: ReturnType<typeof setup> | undefined;
  afterEach(() => {
    current?.listener.dispose();
    current = undefined;
  });

  it('installs them on the first main request, once, and takes them away on dispose', () => {
    const before = counts();
    current = setup();
    current.listener.configure(mainEvent());
    current.listener.configure(mainEvent());
    assert.deepEqual(counts(), before.map((n) => n + 1));
    current.listener.dispose();
    assert.deepEqual(counts(), before);
  });

  it('installs nothing for a sub-request', () => {
    const before = counts();
    current = setup();
    current.listener.configure(new RequestEvent(kernel, Request.create('/'), RequestType.SUB));
    assert.deepEqual(counts(), before);
  });

  it('installs nothing when not asked to answer uncaught errors', () => {
    const before = counts();
    const listener = new DebugHandlersListener({ errorHandler: new ErrorHandler(), logger: new Sink(), replayEachRequest: false });
    listener.configure(mainEvent());
    assert.deepEqual(counts(), before);
  });

  it('logs an uncaught error in channel php at CRITICAL, located where it was thrown', () => {
    current = setup();
    current.listener.configure(mainEvent());
    current.handler.handleUncaught(new TypeError('bad'));
    assert.match(current.sink.lines[0]!, /^CRITICAL Uncaught Exception TypeError: "bad" at src\/event-listener\/debug-handlers-listener\.test\.ts line \d+$/);
  });

  it('wraps a thrown non-Error value, so it is never lost', () => {
    current = setup();
    current.listener.configure(mainEvent());
    current.handler.handleUncaught('plain string');
    assert.match(current.sink.lines[0]!, /^CRITICAL Uncaught Exception ThrownValueError: "A non-Error value was thrown: 'plain string'"/);
  });

  it('answers the main request still waiting in whose async context the error came, through the kernel\'s exception handling', async () => {
    current = setup();
    const { listener, handler, answering, answered } = current;
    listener.configure(mainEvent());
    const request = Request.create('/slow');
    const error = new Error('late boom');
    const response = answering.requestStack.runMain(request, () => {
      const tracked = answering.inFlight.track(request, new Promise<Response>(() => {}));
      setImmediate(() => handler.handleUncaught(error));
      return tracked;
    });
    assert.equal((await response).content, 'error page');
    assert.deepEqual(answered, [[error, request]]);
  });

  it('leaves a request that already has its response alone: the error is only logged', async () => {
    current = setup();
    const { listener, handler, answering, answered, sink } = current;
    listener.configure(mainEvent());
    const request = Request.create('/done');
    await answering.requestStack.runMain(request, async () => {
      await answering.inFlight.track(request, Promise.resolve(new Response('sent')));
      handler.handleUncaught(new Error('after the response'));
    });
    assert.deepEqual(answered, []);
    assert.equal(sink.lines.length, 1);
  });

  it('only logs an error outside any request', () => {
    current = setup();
    current.listener.configure(mainEvent());
    current.handler.handleUncaught(new Error('at startup'));
    assert.deepEqual(current.answered, []);
    assert.equal(current.sink.lines.length, 1);
  });

  it('turns a Node DeprecationWarning into a "User Deprecated" entry, other warnings not', async () => {
    current = setup();
    current.listener.configure(mainEvent());
    process.emitWarning('The old API is deprecated.', { type: 'DeprecationWarning', code: 'ACME001' });
    process.emitWarning('Something else.', { type: 'ExperimentalWarning' });
    await tick();
    assert.deepEqual(current.sink.lines, ['INFO User Deprecated: The old API is deprecated.']);
  });

  it('buffers a DeprecationWarning from boot until the first request, then replays it', async () => {
    const handler = new ErrorHandler();
    handler.install();
    try {
      process.emitWarning('Booted with a legacy option.', 'DeprecationWarning');
      await tick();
      assert.deepEqual(handler.bootDeprecations, ['User Deprecated: Booted with a legacy option.']);
    } finally {
      handler.uninstall();
    }
  });

  it('leaves the process handlers of another listener in place on dispose', () => {
    current = setup();
    current.listener.configure(mainEvent());
    const other = new DebugHandlersListener({ errorHandler: current.handler, logger: new Sink(), replayEachRequest: false, uncaughtErrors: current.answering });
    other.configure(mainEvent());
    current.listener.dispose();
    assert.equal(current.handler.installed, true);
    other.dispose();
    assert.equal(current.handler.installed, false);
  });
});

/** The application of test-support/uncaught-error-app.ts in a child process: uncaught errors would end this test runner. */
class AppProcess {
  readonly child: ChildProcess;
  readonly lines: Array<{ listening?: number; log?: string; stopped?: boolean; uncaughtListeners?: number }> = [];
  readonly port: Promise<number>;

  constructor() {
    const script = fileURLToPath(new URL('../kernel/test-support/uncaught-error-app.ts', import.meta.url));
    this.child = spawn(process.execPath, [...typescriptImport, script], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stderr!.resume();
    let buffered = '';
    this.port = new Promise((resolve, reject) => {
      this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) !== -1) {
          const line = JSON.parse(buffered.slice(0, newline)) as AppProcess['lines'][number];
          buffered = buffered.slice(newline + 1);
          this.lines.push(line);
          if (line.listening !== undefined) resolve(line.listening);
        }
      });
      this.child.once('exit', (code) => reject(new Error(`the application exited (${code}) before listening`)));
    });
  }

  logs(): string[] {
    return this.lines.flatMap((line) => (line.log === undefined ? [] : [line.log]));
  }

  async waitForLog(pattern: RegExp): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const found = this.logs().find((line) => pattern.test(line));
      if (found !== undefined) return found;
      await sleep(10);
    }
    assert.fail(`no log entry matching ${pattern}: ${JSON.stringify(this.logs())}`);
  }
}

const appSource = 'src/kernel/test-support/uncaught-error-app.ts';
const lineOf = (needle: string): number => readFileSync(appSource, 'utf8').split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('Uncaught errors over a real server', () => {
  let app: AppProcess;
  let port: number;

  before(async () => {
    app = new AppProcess();
    port = await app.port;
  }, { timeout: 30_000 });

  after(async () => {
    if (app.child.exitCode === null) {
      app.child.kill('SIGTERM');
      await once(app.child, 'exit');
    }
  });

  it('answer the request whose timer threw with the error page, and log it in channel php', async () => {
    const reply = await send(port, '/throw');
    assert.equal(reply.status, 500);
    assert.match(reply.body.toString(), /<!-- late boom \(500 Internal Server Error\) -->/);
    assert.equal(
      await app.waitForLog(/^php\.CRITICAL/),
      `php.CRITICAL: Uncaught Exception Error: "late boom" at ${appSource} line ${lineOf("throw new Error('late boom')")}`,
    );
    assert.ok(app.logs().some((line) => line.startsWith('request.CRITICAL: Uncaught Exception Error: "late boom"')));
  });

  it('answer the request whose promise rejected unhandled', async () => {
    const reply = await send(port, '/reject');
    assert.equal(reply.status, 500);
    assert.match(reply.body.toString(), /late rejection/);
    await app.waitForLog(/^php\.CRITICAL: Uncaught Exception RangeError: "late rejection"/);
  });

  it('only log an error thrown after the response was sent', async () => {
    const reply = await send(port, '/afterResponse');
    assert.equal(reply.body.toString(), 'sent');
    await app.waitForLog(/^php\.CRITICAL: Uncaught Exception Error: "after the response"/);
  });

  it('keep the process serving', async () => {
    assert.equal((await send(port, '/hello')).body.toString(), 'hello');
    assert.equal(app.child.exitCode, null);
  });

  it('log a library\'s DeprecationWarning as "User Deprecated" in channel php', async () => {
    await send(port, '/deprecated');
    await app.waitForLog(/^php\.INFO: User Deprecated: The old API is deprecated, use the new one\.$/);
  });

  it('are no longer handled once the server stopped: the listeners are gone', async () => {
    app.child.kill('SIGTERM');
    await once(app.child, 'exit');
    assert.deepEqual(app.lines.at(-1), { stopped: true, uncaughtListeners: 0 });
  });
});
