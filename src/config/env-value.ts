import { SluiceError } from '../exception/sluice-error.ts';
import { envSource } from './load-env.ts';

/** A configuration variable whose value cannot be used: one line naming it, what it must be, and where it was set. */
export class InvalidEnvValueError extends SluiceError<'SLUICE_INVALID_ENV_VALUE'> {
  override name = 'InvalidEnvValueError';
  readonly variable: string;

  constructor(variable: string, expected: string, value: string, env: NodeJS.ProcessEnv = process.env) {
    const source = envSource(variable, env);
    super('SLUICE_INVALID_ENV_VALUE', { variable, expected, value: JSON.stringify(value), source: source === undefined ? '' : ` (set in ${source})` });
    this.variable = variable;
  }
}

export interface IntegerOptions {
  default: number;
  min?: number;
  max?: number;
  /** What the number counts, for the error: `bytes`, `a port`... */
  unit?: string;
}

/** An integer variable; unset or empty gives the default, anything else not an integer within bounds is an InvalidEnvValueError. */
export function envInteger(name: string, options: IntegerOptions, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return options.default;
  const value = Number(raw.trim());
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  if (!/^[-+]?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    const bounds = options.max === undefined ? (options.min === undefined ? '' : ` of at least ${min}`) : ` from ${min} to ${max}`;
    throw new InvalidEnvValueError(name, `an integer${bounds}${options.unit === undefined ? '' : ` (${options.unit})`}`, raw, env);
  }
  return value;
}

const booleans: Record<string, boolean> = { 1: true, true: true, on: true, yes: true, 0: false, false: false, off: false, no: false };

/** A boolean variable: 1/true/on/yes or 0/false/off/no (any case); unset or empty gives the default. */
export function envBoolean(name: string, fallback: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = booleans[raw.trim().toLowerCase()];
  if (value === undefined) throw new InvalidEnvValueError(name, 'a boolean (1/0, true/false, on/off, yes/no)', raw, env);
  return value;
}
