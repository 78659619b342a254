import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { ExceptionData } from './exception-data-collector.ts';
import { chainAsString, FlattenException } from '../../error-handler/flatten-exception.ts';

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

  it('stores the frames as arrays without the text, and reads back the frames and the text the error gives', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/boom'));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!.collectors['exception'] as { chain: Array<{ trace: unknown[] }>; text: string };
    assert.equal(stored.text, '');
    assert.ok(stored.chain[0]!.trace.every((frame) => Array.isArray(frame)));
    const data = (await app.load(token))!.getCollector<ExceptionData>('exception')!;
    const cause = new RangeError('the cause');
    const flat = FlattenException.createFromThrowable(new Error('boom', { cause }));
    assert.equal(chainAsString(flat.toArray()), flat.getAsString());
    assert.equal(data.text, chainAsString(data.chain));
    assert.deepEqual(Object.keys(data), ['class', 'message', 'statusCode', 'statusText', 'chain', 'text']);
    for (const frame of data.chain.flatMap((e) => e.trace)) assert.deepEqual(Object.keys(frame), ['function', 'file', 'line', 'column', 'isVendor', 'isInternal', 'isAsync', 'isConstructor']);
    assert.ok(data.chain[0]!.trace.some((frame) => frame.isVendor || frame.isInternal));
  });

  it('stores the frames a cause shares with the error before it as their count, and reads them back whole', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/en/event/1'));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!.collectors['exception'] as { chain: Array<{ trace: unknown[] }> };
    assert.ok(stored.chain.length >= 2, 'a not found error and its cause');
    const kept = stored.chain[1]!.trace;
    const shared = kept.at(-1);
    assert.ok(typeof shared === 'number' && shared >= 2, `the callers both errors were made under, as their count: ${String(shared)}`);
    assert.ok(kept.slice(0, -1).every((frame) => Array.isArray(frame)));
    const data = (await app.load(token))!.getCollector<ExceptionData>('exception')!;
    const [error, cause] = data.chain as [ExceptionData['chain'][number], ExceptionData['chain'][number]];
    assert.equal(cause.trace.length, kept.length - 1 + shared);
    assert.deepEqual(cause.trace.slice(-shared), error.trace.slice(-shared));
    assert.notDeepEqual(cause.trace[0], error.trace[0]);
    for (const frame of cause.trace) assert.deepEqual(Object.keys(frame), ['function', 'file', 'line', 'column', 'isVendor', 'isInternal', 'isAsync', 'isConstructor']);
    assert.equal(data.text, chainAsString(data.chain));
  });

  it('reads a trace that shares its last frames with the error before it', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('exception')!;
    const frame = (fn: string, line: number) => ({ function: fn, file: 'a.ts', line, column: 2, isVendor: false, isInternal: false, isAsync: false, isConstructor: false });
    const head = { class: 'Error', message: 'm', statusCode: 500, statusText: 'Internal Server Error' };
    const stored = { ...head, chain: [{ class: 'Error', message: 'm', code: 0, file: 'a.ts', line: 1, trace: [['f', 'a.ts', 1, 2, 0], ['g', 'a.ts', 5, 2, 0], ['h', 'a.ts', 9, 2, 0]] }, { class: 'RangeError', message: 'c', code: 0, file: 'a.ts', line: 3, trace: [['k', 'a.ts', 3, 2, 0], 2] }], text: '' };
    const chain = [{ class: 'Error', message: 'm', code: 0, file: 'a.ts', line: 1, trace: [frame('f', 1), frame('g', 5), frame('h', 9)] }, { class: 'RangeError', message: 'c', code: 0, file: 'a.ts', line: 3, trace: [frame('k', 3), frame('g', 5), frame('h', 9)] }];
    assert.deepEqual(collector.expand!(stored, {}), { ...head, chain, text: chainAsString(chain) });
  });

  it('reads an error a profile stored whole as it is', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('exception')!;
    const whole = { class: 'Error', message: 'm', statusCode: 500, statusText: 'Internal Server Error', chain: [{ class: 'Error', message: 'm', code: 0, file: 'a.ts', line: 1, trace: [{ function: 'f', file: 'a.ts', line: 1, column: 2, isVendor: false, isInternal: false, isAsync: true, isConstructor: false }] }], text: 'Error: m\n    at async f (a.ts:1:2)' };
    assert.deepEqual(collector.expand!(whole, {}), whole);
    assert.equal(collector.expand!(null, {}), null);
  });
});
