import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { ExceptionData } from './exception-data-collector.ts';

describe('ExceptionDataCollector', () => {
  it('records the class, message and status of the error kernel.exception handled', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/boom')))).getCollector<ExceptionData>('exception')!;
    assert.equal(data.class, 'Error');
    assert.equal(data.message, 'boom');
    assert.equal(data.statusCode, 500);
  });

  it('records the previous errors of the chain, each with its stack frames', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/boom')))).getCollector<ExceptionData>('exception')!;
    assert.deepEqual(data.chain.map((e) => `${e.class}: ${e.message}`), ['Error: boom', 'RangeError: the cause']);
    assert.equal(data.chain[0]!.file, 'src/web-profiler-bundle/test-support/profiled-kernel.ts');
    assert.ok(data.chain[0]!.trace.some((frame) => frame.function.includes('boomAction')));
    assert.match(data.text, /^Error: boom\n {4}at /);
    assert.match(data.text, /\nCaused by: RangeError: the cause/);
  });

  it('gives the error to the error page\'s sub-request profile too', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/en/event/1'));
    const sub = await app.load(response.headers.get('X-Previous-Debug-Token')!);
    assert.equal(sub!.getCollector<ExceptionData>('exception')?.class, 'NotFoundHttpException');
  });

  it('records nothing for a request that threw nothing', async () => {
    const app = profiledKernel();
    assert.equal((await app.profileOf(await app.request(get('/')))).getCollector('exception'), null);
  });
});
