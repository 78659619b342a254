import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RequestSlot } from './request-slot.ts';
import { Request } from './request.ts';

describe('RequestSlot', () => {
  it('keeps one value per request, apart from other slots', () => {
    const contexts = new RequestSlot<string>('context');
    const buffers = new RequestSlot<number>('buffer');
    const first = Request.create('/a');
    const second = Request.create('/b');
    contexts.set(first, 'first');
    buffers.set(first, 1);
    assert.equal(contexts.get(first), 'first');
    assert.equal(buffers.get(first), 1);
    assert.equal(contexts.get(second), undefined);
  });

  it('forgets a value on delete', () => {
    const slot = new RequestSlot<string>('context');
    const request = Request.create('/');
    slot.set(request, 'value');
    slot.delete(request);
    assert.equal(slot.get(request), undefined);
  });

  it('keeps values for objects that are not requests too', () => {
    const slot = new RequestSlot<string>('context');
    const standIn = {};
    slot.set(standIn, 'value');
    assert.equal(slot.get(standIn), 'value');
    slot.delete(standIn);
    assert.equal(slot.get(standIn), undefined);
  });

  it('is invisible to the request\'s own keys and to JSON', () => {
    const slot = new RequestSlot<string>('context');
    const request = Request.create('/');
    const before = Object.keys(request);
    slot.set(request, 'value');
    assert.deepEqual(Object.keys(request), before);
    assert.equal(JSON.stringify({ ...request }).includes('value'), false);
  });
});
