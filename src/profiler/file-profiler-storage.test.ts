import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileProfilerStorage } from './file-profiler-storage.ts';
import { profileData, profilerStorageContract } from './profiler-storage.contract.test.ts';

const root = mkdtempSync(join(tmpdir(), 'sluice-profiler-'));
after(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

profilerStorageContract('FileProfilerStorage', async (limits) => new FileProfilerStorage(join(root, `store-${++count}`), limits));

describe('FileProfilerStorage', () => {
  it('keeps one JSON file per profile and one index line per profile', async () => {
    const dir = join(root, 'layout');
    const storage = new FileProfilerStorage(dir);
    await storage.write(profileData('0a1b2c', { time: Date.now() }));
    assert.equal(JSON.parse(readFileSync(join(dir, '2c', '0a1b2c.json'), 'utf8')).token, '0a1b2c');
    assert.equal(readFileSync(join(dir, 'index.jsonl'), 'utf8').trim().split('\n').length, 1);
  });

  it('sees the profiles an earlier process wrote to the same directory', async () => {
    const dir = join(root, 'shared');
    await new FileProfilerStorage(dir).write(profileData('1a1a1a', { time: Date.now() }));
    assert.deepEqual((await new FileProfilerStorage(dir).find()).map((s) => s.token), ['1a1a1a']);
  });

  it('applies its count bound to what an earlier process left', async () => {
    const dir = join(root, 'bounded');
    const now = Date.now();
    const first = new FileProfilerStorage(dir);
    for (let i = 0; i < 3; i++) await first.write(profileData(`2b2b2${i}`, { time: now + i }));
    await new FileProfilerStorage(dir, { maxProfiles: 2 }).write(profileData('2b2b29', { time: now + 9 }));
    assert.deepEqual((await first.find()).map((s) => s.token), ['2b2b29', '2b2b22']);
  });

  it('past its count bound removes each old profile at once and rewrites the index only in batches', async () => {
    const dir = join(root, 'batched');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir, { maxProfiles: 20 });
    const lineCounts: number[] = [];
    for (let i = 0; i < 45; i++) {
      await storage.write(profileData(`3c${String(i).padStart(4, '0')}`, { time: now + i }));
      lineCounts.push(readFileSync(join(dir, 'index.jsonl'), 'utf8').trim().split('\n').length);
    }
    assert.deepEqual((await storage.find({ limit: 100 })).map((s) => s.token), Array.from({ length: 20 }, (_, i) => `3c${String(44 - i).padStart(4, '0')}`));
    assert.equal(await storage.read('3c0024'), undefined, 'the newest profile past the bound is gone');
    assert.ok(await storage.read('3c0025'));
    assert.ok(Math.max(...lineCounts) <= 22, `the index stays within a tenth of the bound: ${Math.max(...lineCounts)} lines`);
    assert.ok(lineCounts.filter((n, i) => i > 0 && n < lineCounts[i - 1]!).length <= 13, 'rewritten in batches, not on every write');
  });

  it('keeps in its index rewrites the lines another process sharing the directory appended between its own', async () => {
    const dir = join(root, 'interleaved');
    const now = Date.now();
    const one = new FileProfilerStorage(dir, { maxProfiles: 20 });
    const other = new FileProfilerStorage(dir, { maxProfiles: 20 });
    for (let i = 0; i < 30; i++) await (i % 3 === 2 ? other : one).write(profileData(`3d${String(i).padStart(4, '0')}`, { time: now + i }));
    const expected = Array.from({ length: 20 }, (_, i) => `3d${String(29 - i).padStart(4, '0')}`);
    assert.deepEqual((await one.find({ limit: 100 })).map((s) => s.token), expected);
    const indexed = readFileSync(join(dir, 'index.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { token: string }).token);
    assert.equal(new Set(indexed).size, indexed.length, 'each profile listed once');
    for (const token of expected) assert.ok(indexed.includes(token), `${token} is listed`);
  });

  it('writes again after its directory was removed behind its back', async () => {
    const dir = join(root, 'removed');
    const storage = new FileProfilerStorage(dir);
    await storage.write(profileData('4d0101', { time: Date.now() }));
    rmSync(dir, { recursive: true, force: true });
    await storage.write(profileData('4d0201', { time: Date.now() }));
    assert.ok(await storage.read('4d0201'));
    assert.deepEqual((await storage.find()).map((s) => s.token), ['4d0201']);
  });

  it('writes many profiles at once, each readable and listed once', async () => {
    const dir = join(root, 'concurrent');
    const storage = new FileProfilerStorage(dir);
    const now = Date.now();
    const tokens = Array.from({ length: 60 }, (_, i) => `5e${String(i).padStart(4, '0')}`);
    await Promise.all(tokens.map((token, i) => storage.write(profileData(token, { time: now + i }))));
    const listed = (await storage.find({ limit: 100 })).map((s) => s.token);
    assert.deepEqual([...listed].sort(), tokens);
    const indexed = readFileSync(join(dir, 'index.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { token: string }).token);
    assert.deepEqual(indexed, tokens, 'one index line per profile, in the order they were written');
    for (const token of tokens) assert.ok(await storage.read(token), token);
  });

  it('fails only the profile whose file cannot be written, not the others of its batch', async () => {
    const dir = join(root, 'partial');
    const storage = new FileProfilerStorage(dir);
    await storage.write(profileData('6f0001', { time: Date.now() }));
    // a file where the folder of tokens ending in "99" would go
    writeFileSync(join(dir, '99'), 'in the way');
    const results = await Promise.allSettled([
      storage.write(profileData('6f0002', { time: Date.now() })),
      storage.write(profileData('6f0099', { time: Date.now() })),
      storage.write(profileData('6f0003', { time: Date.now() })),
    ]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.deepEqual((await storage.find()).map((s) => s.token).sort(), ['6f0001', '6f0002', '6f0003']);
  });

  it('past its count bound, writes each new profile into the file of a profile it removes', async () => {
    const dir = join(root, 'taken-over');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir, { maxProfiles: 2 });
    await storage.write(profileData('7a0001', { time: now }));
    await storage.write(profileData('7a0002', { time: now + 1 }));
    const oldest = statSync(join(dir, '01', '7a0001.json')).ino;
    await storage.write(profileData('7a0003', { time: now + 2 }));
    assert.equal(statSync(join(dir, '03', '7a0003.json')).ino, oldest, 'the same file, renamed');
    assert.equal(await storage.read('7a0001'), undefined);
    assert.deepEqual(await storage.read('7a0003'), profileData('7a0003', { time: now + 2 }));
    assert.deepEqual((await storage.find()).map((s) => s.token), ['7a0003', '7a0002']);
  });

  it('cuts a file it takes over to the new profile\'s length, and gives the largest file to the largest profile', async () => {
    const dir = join(root, 'sizes');
    const now = Date.now();
    const big = { logs: { entries: 'x'.repeat(5000) } };
    const storage = new FileProfilerStorage(dir, { maxProfiles: 2 });
    await storage.write(profileData('8b0001', { time: now, collectors: big }));
    await storage.write(profileData('8b0002', { time: now + 1 }));
    const bigFile = statSync(join(dir, '01', '8b0001.json')).ino;
    const small = profileData('8b0003', { time: now + 2 });
    // one batch: the small profile comes first
    await Promise.all([storage.write(small), storage.write(profileData('8b0004', { time: now + 3, collectors: big }))]);
    assert.equal(statSync(join(dir, '04', '8b0004.json')).ino, bigFile);
    assert.equal(readFileSync(join(dir, '03', '8b0003.json'), 'utf8'), JSON.stringify(small));
    assert.deepEqual(await storage.read('8b0003'), small);
  });

  it('cuts a file it takes over at the new profile\'s length in bytes, not in characters', async () => {
    const dir = join(root, 'utf8');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir, { maxProfiles: 1 });
    await storage.write(profileData('8c0001', { time: now, collectors: { logs: { entries: 'x'.repeat(3000) } } }));
    const accented = profileData('8c0002', { time: now + 1, collectors: { logs: { entries: 'é€'.repeat(500) } } });
    await storage.write(accented);
    assert.equal(readFileSync(join(dir, '02', '8c0002.json'), 'utf8'), JSON.stringify(accented));
    assert.deepEqual(await storage.read('8c0002'), accented);
  });

  it('reads no profile from a file cut short or holding another profile', async () => {
    const dir = join(root, 'damaged');
    const storage = new FileProfilerStorage(dir);
    await storage.write(profileData('9c0001', { time: Date.now() }));
    const text = readFileSync(join(dir, '01', '9c0001.json'), 'utf8');
    writeFileSync(join(dir, '01', '9c0101.json'), text);
    writeFileSync(join(dir, '01', '9c0001.json'), text.slice(0, 20));
    assert.equal(await storage.read('9c0001'), undefined);
    assert.equal(await storage.read('9c0101'), undefined);
  });

  it('writes a sub-request\'s profile into its parent\'s file when both are in one batch, and reads both back', async () => {
    const dir = join(root, 'held');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir);
    const parent = profileData('ae0001', { time: now, children: ['ae0002'] });
    const child = profileData('ae0002', { time: now, parent: 'ae0001' });
    await Promise.all([storage.write(parent), storage.write(child)]);
    assert.equal(readFileSync(join(dir, '01', 'ae0001.json'), 'utf8'), `${JSON.stringify(parent)}\n${JSON.stringify(child)}`);
    assert.ok(!existsSync(join(dir, '02', 'ae0002.json')), 'no file of its own');
    assert.deepEqual(await storage.read('ae0001'), parent);
    assert.deepEqual(await storage.read('ae0002'), child);
    assert.deepEqual((await storage.find({ includeSubRequests: true })).map((s) => s.token), ['ae0001', 'ae0002']);
    // another process finds it through the index
    assert.deepEqual(await new FileProfilerStorage(dir).read('ae0002'), child);
  });

  it('writes a profile into the file of its furthest ancestor in the batch, whatever the batch\'s order', async () => {
    const dir = join(root, 'held-nested');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir);
    const grandchild = profileData('af0003', { time: now, parent: 'af0002' });
    const child = profileData('af0002', { time: now, parent: 'af0001', children: ['af0003'] });
    const root_ = profileData('af0001', { time: now, children: ['af0002'] });
    await Promise.all([storage.write(grandchild), storage.write(child), storage.write(root_)]);
    assert.equal(readFileSync(join(dir, '01', 'af0001.json'), 'utf8').split('\n')[0], JSON.stringify(root_), 'the owner first');
    const other = new FileProfilerStorage(dir);
    assert.deepEqual(await other.read('af0003'), grandchild);
    assert.deepEqual(await other.read('af0002'), child);
    assert.deepEqual(await other.read('af0001'), root_);
  });

  it('writes a sub-request\'s profile into a file of its own when its parent\'s cannot be serialized', async () => {
    const dir = join(root, 'held-orphan');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir);
    const child = profileData('b00002', { time: now, parent: 'b00001' });
    const results = await Promise.allSettled([storage.write(profileData('b00001', { time: now, collectors: { big: 1n } as never })), storage.write(child)]);
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'fulfilled']);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, '02', 'b00002.json'), 'utf8')), child);
    assert.deepEqual(await storage.read('b00002'), child);
  });

  it('past its count bound, writes a request\'s two profiles into the file of the oldest pair, and forgets a held profile with its file', async () => {
    const dir = join(root, 'held-bounded');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir, { maxProfiles: 4 });
    const pair = (n: number): Promise<unknown> => Promise.all([
      storage.write(profileData(`b1${n}0`, { time: now + n, children: [`b1${n}1`] })),
      storage.write(profileData(`b1${n}1`, { time: now + n, parent: `b1${n}0` })),
    ]);
    await pair(1);
    await pair(2);
    const oldest = statSync(join(dir, '10', 'b110.json')).ino;
    await pair(3);
    assert.equal(statSync(join(dir, '30', 'b130.json')).ino, oldest, 'the same file, renamed');
    assert.equal(await storage.read('b111'), undefined);
    assert.equal(await storage.read('b110'), undefined);
    assert.ok(await storage.read('b131'));
    assert.deepEqual((await storage.find({ includeSubRequests: true })).map((s) => s.token).sort(), ['b120', 'b121', 'b130', 'b131']);
    // a parent beyond the bound takes its sub-request along, even one written after it
    const lone = new FileProfilerStorage(join(root, 'held-lone'), { maxProfiles: 3 });
    await Promise.all([lone.write(profileData('b2a0', { time: now, children: ['b2a1'] })), lone.write(profileData('b2a1', { time: now + 5, parent: 'b2a0' }))]);
    await lone.write(profileData('b2b0', { time: now + 1 }));
    await lone.write(profileData('b2c0', { time: now + 2 }));
    assert.equal(await lone.read('b2a0'), undefined);
    assert.equal(await lone.read('b2a1'), undefined);
    assert.deepEqual((await lone.find({ includeSubRequests: true })).map((s) => s.token), ['b2c0', 'b2b0']);
  });

  it('refuses to write a profile whose token is not a token', async () => {
    await assert.rejects(new FileProfilerStorage(join(root, 'bad')).write(profileData('../x')), /Invalid profile token/);
  });

  it('rewrites its index in place, and lists once a profile whose line a rewrite cut short left twice', async () => {
    const dir = join(root, 'index-in-place');
    const now = Date.now();
    const storage = new FileProfilerStorage(dir, { maxProfiles: 10 });
    await storage.write(profileData('ad0000', { time: now }));
    const index = join(dir, 'index.jsonl');
    const inode = statSync(index).ino;
    for (let i = 1; i < 30; i++) await storage.write(profileData(`ad${String(i).padStart(4, '0')}`, { time: now + i }));
    assert.equal(statSync(index).ino, inode, 'the same file');
    const text = readFileSync(index, 'utf8');
    // what a crash between writing the new lines and cutting the file leaves
    writeFileSync(index, text + text.split('\n').slice(-4).join('\n').slice(7));
    const listed = (await storage.find({ limit: 100 })).map((s) => s.token);
    assert.deepEqual(listed, Array.from({ length: 10 }, (_, i) => `ad${String(29 - i).padStart(4, '0')}`));
    await storage.write(profileData('ad0030', { time: now + 30 }));
    assert.deepEqual((await storage.find({ limit: 100 })).map((s) => s.token), ['ad0030', ...listed.slice(0, 9)]);
  });
});
