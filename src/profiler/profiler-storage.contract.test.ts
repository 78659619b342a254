// The contract every ProfilerStorage keeps, run by each storage's own test file in a few lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProfileData } from './profile.ts';
import type { ProfilerStorage } from './profiler-storage.ts';

export interface StorageLimits {
  maxProfiles: number;
  maxAge: number;
  now: () => number;
}

/** Builds a storage with the given bounds; an empty one each time. */
export type StorageFactory = (limits: StorageLimits) => Promise<ProfilerStorage>;

const start = Date.UTC(2024, 4, 1, 12, 0, 0);

export function profileData(token: string, overrides: Partial<ProfileData> = {}): ProfileData {
  return {
    token,
    parent: null,
    children: [],
    ip: '127.0.0.1',
    method: 'GET',
    url: `http://localhost/${token}`,
    time: start,
    statusCode: 200,
    collectors: { request: { method: 'GET', headers: { host: 'localhost' } } },
    ...overrides,
  };
}

export function profilerStorageContract(name: string, make: StorageFactory): void {
  describe(`${name} as a ProfilerStorage`, () => {
    let now = start;
    const limits = (overrides: Partial<StorageLimits> = {}): StorageLimits => ({ maxProfiles: 100, maxAge: 3_600_000, now: () => now, ...overrides });

    it('reads back a written profile as it was written', async () => {
      now = start;
      const storage = await make(limits());
      const data = profileData('a1b2c3', { children: ['d4e5f6'], collectors: { logs: { counts: { error: 1 } } } });
      await storage.write(data);
      assert.deepEqual(await storage.read('a1b2c3'), data);
    });

    it('reads nothing for an unknown token or one that is not a token', async () => {
      now = start;
      const storage = await make(limits());
      assert.equal(await storage.read('ffffff'), undefined);
      assert.equal(await storage.read('../../etc/passwd'), undefined);
    });

    it('finds main-request profiles newest first, leaving sub-requests to their parent', async () => {
      now = start;
      const storage = await make(limits());
      await storage.write(profileData('aaaaa1', { time: start - 3000 }));
      await storage.write(profileData('aaaaa3', { time: start - 1000, parent: 'aaaaa2' }));
      await storage.write(profileData('aaaaa2', { time: start - 2000, children: ['aaaaa3'] }));
      assert.deepEqual((await storage.find()).map((s) => s.token), ['aaaaa2', 'aaaaa1']);
      assert.deepEqual((await storage.find({ includeSubRequests: true })).map((s) => s.token), ['aaaaa3', 'aaaaa2', 'aaaaa1']);
    });

    it('finds by method, part of the URL, status, client IP and time range', async () => {
      now = start;
      const storage = await make(limits());
      await storage.write(profileData('bbbbb1', { method: 'POST', url: 'http://localhost/events/new', statusCode: 302, time: start - 5000 }));
      await storage.write(profileData('bbbbb2', { url: 'http://localhost/bundles/app/images/events/missing.JPG', statusCode: 404, ip: '10.0.0.7', time: start - 1000 }));
      const tokens = async (search: Parameters<ProfilerStorage['find']>[0]): Promise<string[]> => (await storage.find(search)).map((s) => s.token);
      assert.deepEqual(await tokens({ method: 'post' }), ['bbbbb1']);
      assert.deepEqual(await tokens({ url: 'missing.JPG' }), ['bbbbb2']);
      assert.deepEqual(await tokens({ statusCode: 404 }), ['bbbbb2']);
      assert.deepEqual(await tokens({ ip: '10.0.0' }), ['bbbbb2']);
      assert.deepEqual(await tokens({ start: start - 6000, end: start - 4000 }), ['bbbbb1']);
    });

    it('returns at most `limit` summaries', async () => {
      now = start;
      const storage = await make(limits());
      for (let i = 0; i < 5; i++) await storage.write(profileData(`ccccc${i}`, { time: start + i }));
      assert.deepEqual((await storage.find({ limit: 2 })).map((s) => s.token), ['ccccc4', 'ccccc3']);
    });

    it('keeps only the newest profiles beyond its count bound', async () => {
      now = start + 10;
      const storage = await make(limits({ maxProfiles: 3 }));
      for (let i = 0; i < 5; i++) await storage.write(profileData(`ddddd${i}`, { time: start + i }));
      assert.deepEqual((await storage.find()).map((s) => s.token), ['ddddd4', 'ddddd3', 'ddddd2']);
      assert.equal(await storage.read('ddddd0'), undefined);
      assert.ok(await storage.read('ddddd2'));
    });

    it('forgets profiles older than its age bound', async () => {
      now = start;
      const storage = await make(limits({ maxAge: 60_000 }));
      await storage.write(profileData('eeeee1', { time: start }));
      now = start + 61_000;
      await storage.write(profileData('eeeee2', { time: now }));
      assert.equal(await storage.read('eeeee1'), undefined);
      assert.deepEqual((await storage.find()).map((s) => s.token), ['eeeee2']);
    });

    it('forgets everything on purge', async () => {
      now = start;
      const storage = await make(limits());
      await storage.write(profileData('fffff1'));
      await storage.purge();
      assert.equal(await storage.read('fffff1'), undefined);
      assert.deepEqual(await storage.find(), []);
    });
  });
}
