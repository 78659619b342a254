import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromInputValue, toInputValue } from './event-form.ts';

describe('The start date of the event form', () => {
  it('reads a datetime-local value in the server\'s time zone', () => {
    assert.equal(fromInputValue('2031-06-01T18:30')?.getTime(), new Date(2031, 5, 1, 18, 30).getTime());
    assert.equal(fromInputValue('2031-06-01T18:30:15')?.getTime(), new Date(2031, 5, 1, 18, 30, 15).getTime());
  });

  it('refuses what is not a real date and time', () => {
    for (const value of ['', '2031-06-01', '2031-02-30T10:00', '2031-13-01T10:00', '2031-06-01T24:00', '01/06/2031 18:30', '2031-06-01T18:30Z']) {
      assert.equal(fromInputValue(value), undefined, value);
    }
  });

  it('writes a date back as the input\'s value', () => {
    assert.equal(toInputValue(new Date(2031, 0, 5, 9, 7)), '2031-01-05T09:07');
    assert.equal(fromInputValue(toInputValue(new Date(2031, 0, 5, 9, 7)))?.getTime(), new Date(2031, 0, 5, 9, 7).getTime());
  });
});
