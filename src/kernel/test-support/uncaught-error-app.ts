// Started by debug-handlers-listener.test.ts as a child process: a kernel served over HTTP
// whose controllers let errors escape their handling (a timer that throws, a rejection
// nobody awaits). Uncaught errors would end a test runner's process, so they happen here.
// Reports `{"listening": port}`, then `{"log": "channel.LEVEL: message"}` per entry.
import { Response } from '../../http/response.ts';
import { interpolate } from '../../log/interpolate.ts';
import { serveKernel } from '../../server/serve-kernel.ts';
import { TestKernel } from './test-kernel.ts';

const report = (data: Record<string, unknown>): boolean => process.stdout.write(`${JSON.stringify(data)}\n`);
const never = new Promise<Response>(() => {});

class LateController {
  helloAction(): Response {
    return new Response('hello');
  }

  throwAction(): Promise<Response> {
    setTimeout(() => {
      throw new Error('late boom');
    }, 5);
    return never;
  }

  rejectAction(): Promise<Response> {
    setTimeout(() => void Promise.reject(new RangeError('late rejection')), 5);
    return never;
  }

  afterResponseAction(): Response {
    setTimeout(() => {
      throw new Error('after the response');
    }, 50);
    return new Response('sent');
  }

  deprecatedAction(): Response {
    process.emitWarning('The old API is deprecated, use the new one.', { type: 'DeprecationWarning', code: 'ACME001' });
    return new Response('warned');
  }
}

const kernel = new TestKernel({
  debug: true,
  routes: ['hello', 'throw', 'reject', 'afterResponse', 'deprecated'].map((name) => ({ name, path: `/${name}`, controller: `LateController::${name}Action` })),
  controllers: { LateController: new LateController() },
  config: { handleUncaughtErrors: true },
});
kernel.boot();
kernel.logs.handle = (record) => {
  if (record.channel !== 'event') report({ log: `${record.channel}.${record.level}: ${interpolate(record.message, record.context)}` });
};
const running = await serveKernel(kernel, { port: 0, installAssets: false });
report({ listening: running.address.port });
process.once('SIGTERM', () => void running.stop(1_000).then(() => report({ stopped: true, uncaughtListeners: process.listenerCount('uncaughtException') })).then(() => process.exit(0)));
