import { SluiceError } from '../exception/sluice-error.ts';
/** The eight PSR-3 levels with Monolog's numeric values. */
export const LogLevel = {
  DEBUG: 100,
  INFO: 200,
  NOTICE: 250,
  WARNING: 300,
  ERROR: 400,
  CRITICAL: 500,
  ALERT: 550,
  EMERGENCY: 600,
} as const;

export type LevelName = keyof typeof LogLevel;
export type LevelValue = (typeof LogLevel)[LevelName];

// Every level's value is a multiple of 50, so its name sits at value ÷ 50 in an array, read
// once per `log()` call: cheaper than a Map, which hashes the number first, and derived from
// LogLevel rather than listing the eight names again.
const namesByFifty: Array<LevelName | undefined> = new Array<LevelName | undefined>(LogLevel.EMERGENCY / 50 + 1).fill(undefined);
for (const [name, value] of Object.entries(LogLevel) as Array<[LevelName, LevelValue]>) namesByFifty[value / 50] = name;

/** The name of a level's value. */
export function levelName(value: number): LevelName {
  const name = value % 50 === 0 ? namesByFifty[value / 50] : undefined;
  if (name === undefined) throw new SluiceError('SLUICE_UNKNOWN_LOG_LEVEL_VALUE', { value });
  return name;
}

export function levelValue(name: string): LevelValue {
  const value = (LogLevel as Record<string, LevelValue>)[name.toUpperCase()];
  if (value === undefined) throw new SluiceError('SLUICE_UNKNOWN_LOG_LEVEL', { name });
  return value;
}

/** A level as callers write it: the number, or the name in either case (`'ERROR'`, `'error'`). */
export type LevelLike = LevelValue | LevelName | Lowercase<LevelName>;

export function toLevelValue(level: LevelLike): LevelValue {
  return typeof level === 'number' ? level : levelValue(level);
}
