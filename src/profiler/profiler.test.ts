import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { FileProfilerStorage } from './file-profiler-storage.ts';
import { Profiler } from './profiler.ts';
import type { DataCollector } from './data-collector/data-collector.ts';

function profiler(logged: string[] = []): Profiler {
  const storage = new FileProfilerStorage(mkdtempSync(join(tmpdir(), 'sluice-profiler-')));
  return new Profiler(storage, { warning: (message, context) => logged.push(`${message} ${String(context?.collector ?? '')}`) });
}

const echo: DataCollector = { name: 'echo', collect: ({ request, response }) => ({ path: request.pathInfo, status: response.statusCode }) };

describe('Profiler', () => {
  it('collects a profile with a fresh token and each collector\'s data', () => {
    const profile = profiler().add(echo).collect(Request.create('http://localhost/a?b=c'), new Response('', 201))!;
    assert.match(profile.token, /^[0-9a-f]{6}$/);
    assert.deepEqual(profile.getCollector('echo'), { path: '/a', status: 201 });
    assert.equal(profile.url, 'http://localhost/a?b=c');
    assert.equal(profile.statusCode, 201);
  });

  it('draws a new random token for each profile, also once the random bytes drawn in bulk run out', () => {
    const p = profiler();
    const tokens = Array.from({ length: 600 }, () => p.collect(Request.create('/'), new Response())!.token);
    assert.ok(tokens.every((token) => /^[0-9a-f]{6}$/.test(token)));
    assert.ok(new Set(tokens).size > 590, `${new Set(tokens).size} different tokens of 600`);
  });

  it('puts the token in the response\'s X-Debug-Token before the collectors run', () => {
    let seen: string | undefined;
    const response = new Response();
    const profile = profiler().add({ name: 'peek', collect: (c) => (seen = c.response.headers.get('X-Debug-Token')) }).collect(Request.create('/'), response)!;
    assert.equal(response.headers.get('X-Debug-Token'), profile.token);
    assert.equal(seen, profile.token);
  });

  it('moves a token already on the response to X-Previous-Debug-Token', () => {
    const response = new Response('', 404, { 'X-Debug-Token': 'sub123' });
    const profile = profiler().collect(Request.create('/'), response)!;
    assert.equal(response.headers.get('X-Previous-Debug-Token'), 'sub123');
    assert.equal(response.headers.get('X-Debug-Token'), profile.token);
  });

  it('keeps profiling when a collector fails, and says so', () => {
    const logged: string[] = [];
    const failing: DataCollector = { name: 'failing', collect: () => { throw new Error('nope'); } };
    const profile = profiler(logged).add(failing).add(echo).collect(Request.create('/'), new Response())!;
    assert.deepEqual(profile.getCollector('failing'), { error: 'Error: nope' });
    assert.deepEqual(profile.getCollector('echo'), { path: '/', status: 200 });
    assert.deepEqual(logged, ['The "{collector}" data collector failed to {step}: {reason} failing']);
  });

  it('lets collectors complete their data once the response was sent, waiting for those that read asynchronously', async () => {
    const late: DataCollector = { name: 'late', collect: () => 'early', lateCollect: async (_context, collected) => `${String(collected)} then late` };
    const p = profiler().add(late);
    const profile = p.collect(Request.create('/'), new Response())!;
    await p.lateCollect({ request: Request.create('/'), profile }, [], true);
    assert.equal(profile.getCollector('late'), 'early then late');
  });

  it('collects nothing while disabled', () => {
    const p = profiler();
    p.disable();
    const response = new Response();
    assert.equal(p.collect(Request.create('/'), response), undefined);
    assert.equal(response.headers.get('X-Debug-Token'), undefined);
  });

  it('saves a profile and loads it back by token', async () => {
    const p = profiler().add(echo);
    const profile = p.collect(Request.create('/saved'), new Response())!;
    assert.equal(await p.saveProfile(profile), true);
    assert.deepEqual((await p.loadProfile(profile.token))?.getCollector('echo'), { path: '/saved', status: 200 });
    assert.deepEqual((await p.find()).map((s) => s.token), [profile.token]);
  });
});

describe('Profiler.loadProfile', () => {
  it('waits for a profile collected but not saved yet', async () => {
    const p = profiler().add(echo);
    const profile = p.collect(Request.create('/slow'), new Response())!;
    const loading = p.loadProfile(profile.token);
    setTimeout(() => void p.saveProfile(profile), 20);
    assert.equal((await loading)?.token, profile.token);
  });
});
