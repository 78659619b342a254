import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAttributeExpression, toDate } from './attribute-expression.ts';
import { etagFor } from './etag.ts';

class Event {
  constructor(readonly updated: Date, readonly author: { name: string } | null) {}
  getUpdatedAt(): Date { return this.updated; }
}

const updated = new Date('2030-01-01T00:00:00Z');
const attributes = { event: new Event(updated, null), id: '42' };

describe('Cache validator expressions', () => {
  it('pass every request attribute to a function', () => {
    assert.equal(evaluateAttributeExpression((a) => `${a.id}!`, attributes), '42!');
  });

  it('follow a dotted path, calling a method found on the way', () => {
    assert.equal(evaluateAttributeExpression('event.getUpdatedAt', attributes), updated);
  });

  it('give undefined past a null on the path', () => {
    assert.equal(evaluateAttributeExpression('event.author.name', attributes), undefined);
  });

  it('read text and timestamps as dates for Last-Modified', () => {
    assert.equal(toDate('2030-01-01T00:00:00Z', 'x')?.getTime(), updated.getTime());
    assert.throws(() => toDate('soon', 'event.when'), /The lastModified of @Cache \("event\.when"\) gave soon, which is not a date\./);
  });

  it('tag equal instants equally', () => {
    assert.equal(etagFor(new Date(updated.getTime())), etagFor(updated));
  });
});
