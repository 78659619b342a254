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

/** The name of a level's value. A switch, not a Map: every `log()` call asks, and a Map lookup hashes the number first. */
export function levelName(value: number): LevelName {
  switch (value) {
    case LogLevel.DEBUG:
      return 'DEBUG';
    case LogLevel.INFO:
      return 'INFO';
    case LogLevel.NOTICE:
      return 'NOTICE';
    case LogLevel.WARNING:
      return 'WARNING';
    case LogLevel.ERROR:
      return 'ERROR';
    case LogLevel.CRITICAL:
      return 'CRITICAL';
    case LogLevel.ALERT:
      return 'ALERT';
    case LogLevel.EMERGENCY:
      return 'EMERGENCY';
  }
  throw new SluiceError('SLUICE_UNKNOWN_LOG_LEVEL_VALUE', { value });
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
