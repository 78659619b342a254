import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { logRequests } from './run-server.ts';
import { OutputWatch } from '../testing/output-watch.ts';

/** A synchronous controller that keeps the CPU busy for a while (a busy loop: no timer, no await). */
const busy = {
  index: (): Response => {
    const start = performance.now();
    while (performance.now() - start < 25);
    return new Response('done');
  },
};

describe('The dev server\'s request log', () => {
  const kernel = new TestKernel({ routes: [{ name: 'busy', path: '/busy', controller: 'busy::index' }], controllers: { busy } });
  after(() => kernel.shutdown());

  for (const transport of ['sluice', 'node'] as const) {
    it(`prints the real duration of a response made synchronously (${transport} transport)`, async () => {
      const running = await serveKernel(kernel, { port: 0, transport });
      try {
        const out = new OutputWatch();
        logRequests(running, out);
        assert.equal((await fetch(`${running.url}/busy`)).status, 200);
        const line = await out.waitFor(/\[\d\d:\d\d:\d\d\] GET \/busy 200 ([\d.]+) ms\n/);
        assert.ok(Number(line[1]) >= 25, line[0]);
      } finally {
        await running.stop();
      }
    });
  }
});
