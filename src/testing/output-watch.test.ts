import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { OutputWatch, watchProcess } from './output-watch.ts';

describe('OutputWatch', () => {
  it('resolves a wait as soon as a write makes it match, with the match', async () => {
    const watch = new OutputWatch();
    const waited = watch.waitFor(/port (\d+)/);
    watch.write('starting\n');
    watch.write('listening on port 8123\n');
    assert.equal((await waited)[1], '8123');
  });

  it('resolves a wait for the n-th match only once it is written', async () => {
    const watch = new OutputWatch();
    watch.write('GET / 200\n');
    const second = watch.waitFor(/GET \/ (\d+)/, 2);
    watch.write('GET / 304\n');
    assert.equal((await second)[1], '304');
  });

  it('fails a wait at once, with the output, when the stream ends unmatched', async () => {
    const watch = new OutputWatch();
    const waited = watch.waitUntil((text) => (text.includes('ready') ? true : undefined), 'ready', 60_000);
    watch.end('crashed\n');
    await assert.rejects(waited, /The output ended before ready; output:\ncrashed/);
  });
});

describe('watchProcess', () => {
  it("keeps a process's stdout and stderr apart and together, and its exit code", async () => {
    const child = spawn(process.execPath, ['-e', "process.stdout.write('out\\n'); process.stderr.write('err\\n'); process.exitCode = 3"], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = watchProcess(child);
    assert.equal(await output.exited, 3);
    assert.equal(output.stdout.text, 'out\n');
    assert.equal(output.stderr.text, 'err\n');
    assert.match(output.all.text, /^(out\nerr\n|err\nout\n)$/);
  });

  it('fails a wait when the process exits without printing what it waits for', async () => {
    const child = spawn(process.execPath, ['-e', "console.log('bye')"], { stdio: ['ignore', 'pipe', 'pipe'] });
    await assert.rejects(watchProcess(child).all.waitFor(/listening/), /The output ended before \/listening\/ \(x1\); output:\nbye/);
  });
});
