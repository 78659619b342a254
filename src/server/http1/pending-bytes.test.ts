import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PendingBytes } from './pending-bytes.ts';

test('bytes appended one at a time are read back in order, whatever was consumed between', () => {
  const pending = new PendingBytes();
  const sent = Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(200));
  let read = '';
  for (let i = 0; i < sent.length; i++) {
    pending.append(sent.subarray(i, i + 1));
    if (i % 7 === 6) {
      read += pending.view().subarray(0, 3).toString('latin1');
      pending.consume(3);
    }
  }
  read += pending.view().toString('latin1');
  assert.equal(read, sent.toString('latin1'));
});

test('a megabyte appended a byte at a time is not copied again on each append', () => {
  const pending = new PendingBytes();
  const byte = Buffer.from('x');
  const started = process.cpuUsage();
  for (let i = 0; i < 1024 * 1024; i++) pending.append(byte);
  const used = process.cpuUsage(started);
  assert.equal(pending.length, 1024 * 1024);
  // joining everything on each append copies half a terabyte: hours, not this second
  assert.ok(used.user + used.system < 5_000_000, `${used.user + used.system} µs`);
});

test('a view into the buffer is recognised as needing a copy, other bytes are not', () => {
  const pending = new PendingBytes();
  pending.append(Buffer.from('abc'));
  assert.equal(pending.holds(pending.view().subarray(1)), true);
  assert.equal(pending.holds(Buffer.from('abc')), false);
});

test('consuming everything empties it', () => {
  const pending = new PendingBytes();
  pending.append(Buffer.from('abc'));
  pending.consume(3);
  assert.equal(pending.empty, true);
  assert.equal(pending.view().length, 0);
});
