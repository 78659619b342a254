import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDateFormat } from './php-date-format.ts';

const today = new Date('2030-06-15T13:45:00Z');
const iso = (format: string, value: string) => parseDateFormat(format, value, today)?.toISOString();

describe('PHP date formats', () => {
  it('reads Y-m-d as that day at midnight UTC', () => {
    assert.equal(iso('Y-m-d', '2030-02-28'), '2030-02-28T00:00:00.000Z');
  });

  it('reads hours, minutes and seconds', () => {
    assert.equal(iso('Y-m-d H:i:s', '2030-02-28 09:05:07'), '2030-02-28T09:05:07.000Z');
  });

  it('accepts days and months without a leading zero, and two-digit years', () => {
    assert.equal(iso('j/n/y', '3/7/31'), '2031-07-03T00:00:00.000Z');
  });

  it('takes the fields a format omits from today', () => {
    assert.equal(iso('m-d', '12-24'), '2030-12-24T00:00:00.000Z');
  });

  it('matches escaped letters and other characters literally', () => {
    assert.equal(iso('Y\\Wm', '2030W05'), '2030-05-15T00:00:00.000Z');
  });

  it('refuses impossible dates instead of rolling them over', () => {
    assert.equal(iso('Y-m-d', '2030-02-30'), undefined);
    assert.equal(iso('Y-m-d', '2030-13-01'), undefined);
    assert.equal(iso('H:i', '24:00'), undefined);
  });

  it('refuses text that does not match the format, or trails after it', () => {
    assert.equal(iso('Y-m-d', '2030/02/01'), undefined);
    assert.equal(iso('Y-m-d', '2030-02-01x'), undefined);
    assert.equal(iso('Y-m-d', 'tomorrow'), undefined);
  });

  it('names an unsupported format letter', () => {
    assert.throws(() => iso('D, d M Y', 'Mon, 01 Jan 2030'), /Unsupported date format character "D" in "D, d M Y"; supported: Y y m n d j H G i s\./);
  });
});
