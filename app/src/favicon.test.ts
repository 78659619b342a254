import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serveKernel, type RunningServer } from 'sluice/server';
import { testApp, type TestApp } from './test-support/app-test-kernel.ts';

describe('The favicon', () => {
  let app: TestApp;
  let running: RunningServer;

  before(async () => {
    app = testApp('dev');
    running = await serveKernel(app.kernel, { port: 0 });
  });

  after(async () => {
    await running.stop();
    await app.close();
  });

  it('is served from public/, so a browser on a dev page causes no 404 and no ERROR entry', async () => {
    const before = app.logs.records.length;
    const response = await fetch(`${running.url}/favicon.ico`);
    assert.equal(response.status, 200);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
    assert.deepEqual(app.logs.records.slice(before).filter((record) => record.level === 'ERROR'), []);
  });
});
