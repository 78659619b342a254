import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogLevel, levelName, type LevelName } from './level.ts';

describe('levelName', () => {
  it('names each of the eight levels by its value', () => {
    for (const name of Object.keys(LogLevel) as LevelName[]) assert.equal(levelName(LogLevel[name]), name);
  });

  it('refuses a value that is no level', () => {
    assert.throws(() => levelName(150), { code: 'SLUICE_UNKNOWN_LOG_LEVEL_VALUE' });
  });

  it('refuses values below, above and between the levels, and values that are no whole number', () => {
    for (const value of [0, -50, 50, 650, 1000, 125, 100.5, Number.NaN]) {
      assert.throws(() => levelName(value), { code: 'SLUICE_UNKNOWN_LOG_LEVEL_VALUE' }, String(value));
    }
  });
});
