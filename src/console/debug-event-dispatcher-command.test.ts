import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { registerDebugEventDispatcherCommand } from './debug-event-dispatcher-command.ts';
import { BufferedIO, testProgram } from './test-support/buffered-io.ts';

async function debugEvents(...args: string[]): Promise<string> {
  const io = new BufferedIO();
  const program = testProgram();
  registerDebugEventDispatcherCommand(program, () => new TestKernel(), io);
  await program.parseAsync(['debug:event-dispatcher', ...args], { from: 'user' });
  return io.text;
}

describe('debug:event-dispatcher', () => {
  it('prints the listeners of one event in call order with their priorities', async () => {
    const text = await debugEvents('kernel.request');
    assert.match(text, /^\nRegistered Listeners for "kernel\.request" Event\n={47}\n/);
    const rows = [...text.matchAll(/^ {2}#(\d+) +(\S+) +(-?\d+)$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    assert.deepEqual(rows.slice(0, 2), ['1 DebugHandlersListener::configure 2048', '2 ValidateRequestListener::onKernelRequest 256']);
    assert.ok(rows.some((row) => row.endsWith('RouterListener::onKernelRequest 32')));
    const priorities = rows.map((row) => Number(row.split(' ')[2]));
    assert.deepEqual(priorities, [...priorities].sort((a, b) => b - a));
  });

  it('groups every event\'s listeners, kernel events in the order a request meets them', async () => {
    const text = await debugEvents();
    const events = [...text.matchAll(/^"([^"]+)" event$/gm)].map((m) => m[1]);
    assert.deepEqual(events.slice(0, 4), ['kernel.request', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request']);
  });

  it('prints JSON with --format=json', async () => {
    const listeners = JSON.parse(await debugEvents('kernel.controller_arguments', '--format=json')) as { order: number; listener: string; priority: number }[];
    assert.deepEqual(listeners, [{ order: 1, listener: 'ErrorListener::onControllerArguments', priority: 0 }]);
  });

  it('warns about an event nobody listens to', async () => {
    assert.equal(await debugEvents('app.nothing'), ' [WARNING] The event "app.nothing" does not have any registered listeners.\n');
  });
});
