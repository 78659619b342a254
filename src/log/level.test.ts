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
});
