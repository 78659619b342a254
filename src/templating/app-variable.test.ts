import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppVariable } from './app-variable.ts';
import { Request } from '../http/request.ts';
import { Session } from '../session/session.ts';
import { MemorySessionStore } from '../session/memory-session-store.ts';

function withFlashes(flashes: Record<string, string[]>): Request {
  const request = Request.create('/');
  request.session = {
    getFlashBag: () => ({
      all: () => flashes,
      get: (type: string) => flashes[type] ?? [],
    }),
  };
  return request;
}

describe('AppVariable', () => {
  it('gives the request and its session', () => {
    const request = withFlashes({});
    const app = new AppVariable(request, 'dev', true);
    assert.deepEqual([app.request, app.session, app.environment, app.debug], [request, request.session, 'dev', true]);
  });

  it('gives the flashes of one type', () => {
    assert.deepEqual(new AppVariable(withFlashes({ notice: ['Saved.'] }), 'dev', true).flashes('notice'), ['Saved.']);
  });

  it('gives all flashes by type', () => {
    assert.deepEqual(new AppVariable(withFlashes({ notice: ['Saved.'], error: ['No.'] }), 'dev', true).flashes(), { notice: ['Saved.'], error: ['No.'] });
  });

  it('gives the flashes of several types', () => {
    assert.deepEqual(new AppVariable(withFlashes({ notice: ['Saved.'] }), 'dev', true).flashes(['notice', 'error']), { notice: ['Saved.'], error: [] });
  });

  it('reads the session component\'s flash bag, once', async () => {
    const request = Request.create('/');
    const session = new Session(new MemorySessionStore());
    await session.flashes.add('notice', 'Event saved.');
    request.session = session;
    const app = new AppVariable(request, 'dev', true);
    assert.deepEqual([await app.flashes('notice'), await app.flashes('notice')], [['Event saved.'], []]);
  });

  it('gives no flashes without a session', () => {
    assert.deepEqual(new AppVariable(Request.create('/'), 'dev', true).flashes('notice'), []);
  });
});
