import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDatetimeFilter } from './format-datetime.ts';

describe('The format_datetime filter', () => {
  const date = new Date(2030, 4, 1, 20, 0);

  it('formats in the current locale, as Intl does', () => {
    let locale = 'en';
    const filter = formatDatetimeFilter(() => locale);
    const english = filter(date, 'full', 'short');
    locale = 'fr';
    assert.deepEqual([english, filter(date, 'full', 'short')], [
      new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format(date),
      new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeStyle: 'short' }).format(date),
    ]);
  });

  it('gives each instant its own text, also past the dates it remembers', () => {
    const filter = formatDatetimeFilter(() => 'en');
    const reference = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
    for (let i = 0; i < 1200; i += 7) {
      const instant = new Date(date.getTime() + i * 60_000);
      assert.equal(filter(instant), reference.format(instant));
      assert.equal(filter(instant.toISOString()), reference.format(instant));
    }
  });

  it('prints nothing for no date, and refuses what is not one', () => {
    const filter = formatDatetimeFilter(() => 'en');
    assert.equal(filter(null), '');
    assert.throws(() => filter('not a date'), /format_datetime: "not a date" is not a date\./);
    assert.throws(() => filter(date, 'huge'), /unknown format "huge"/);
  });
});
