import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutcomes } from './differential.ts';
import type { ParsedMessage } from './llhttp.ts';
import type { SluiceMessage } from './sluice-parser.ts';

const bytes = Buffer.from('irrelevant');

function theirs(overrides: Partial<ParsedMessage> = {}): ParsedMessage {
  return { method: 'GET', url: '/', version: '1.1', headers: { host: 'h' }, rawHeaders: ['Host', 'h'], rawTrailers: [], keepAlive: true, upgrade: false, body: Buffer.alloc(0), ...overrides };
}

function ours(overrides: Partial<SluiceMessage> = {}): SluiceMessage {
  return { method: 'GET', url: '/', version: '1.1', headers: { host: 'h' }, keepAlive: true, body: Buffer.alloc(0), ...overrides };
}

test('the same messages are an agreement', () => {
  assert.deepEqual(compareOutcomes({ messages: [ours()], started: undefined, refused: undefined }, { messages: [theirs()], started: undefined, error: undefined }, bytes), {});
});

test('a message ours read that llhttp refused is a disagreement', () => {
  const verdict = compareOutcomes({ messages: [ours()], started: undefined, refused: undefined }, { messages: [], started: undefined, error: 'HPE_INVALID_CONTENT_LENGTH' }, bytes);
  assert.match(verdict.disagreement ?? '', /refused \(HPE_INVALID_CONTENT_LENGTH\)/);
});

test('a body framed differently is a disagreement', () => {
  const verdict = compareOutcomes({ messages: [ours({ body: Buffer.from('ab') })], started: undefined, refused: undefined }, { messages: [theirs({ body: Buffer.from('abc') })], started: undefined, error: undefined }, bytes);
  assert.match(verdict.disagreement ?? '', /read differently/);
});

test('a head ours handed on that llhttp refused is a disagreement', () => {
  const verdict = compareOutcomes({ messages: [], started: ours(), refused: undefined }, { messages: [], started: undefined, error: 'HPE_INVALID_HEADER_TOKEN' }, bytes);
  assert.match(verdict.disagreement ?? '', /began message 1/);
});

test('refusing what llhttp reads is a disagreement unless a stated reason covers it', () => {
  const refusedPlain = compareOutcomes({ messages: [], started: undefined, refused: 400 }, { messages: [theirs()], started: undefined, error: undefined }, bytes);
  assert.match(refusedPlain.disagreement ?? '', /ours refused message 1 with 400/);
  const refusedConnect = compareOutcomes({ messages: [], started: undefined, refused: 501 }, { messages: [theirs({ method: 'CONNECT', url: 'h:443' })], started: undefined, error: undefined }, bytes);
  assert.deepEqual(refusedConnect, { stricter: 'CONNECT: this server opens no tunnels (501)' });
});
