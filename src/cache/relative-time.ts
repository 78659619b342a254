import { SluiceError } from '../exception/sluice-error.ts';
const SECONDS: Record<string, number> = { sec: 1, second: 1, min: 60, minute: 60, hour: 3600, day: 86_400, week: 604_800, fortnight: 1_209_600 };
const BASE = /^(now|today|midnight|noon|tomorrow|yesterday)\b/;
const RELATIVE = /^([+-]?)\s*(\d+)\s*(secs?|seconds?|mins?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?)\b(\s+ago\b)?/;

/**
 * The date a time string names relative to `now`: the subset of PHP's `strtotime` that
 * cache declarations use. Relative parts (`+2 hours`, `1 day`, `3 weeks ago`, combined
 * freely), the words now / today / midnight / noon / tomorrow / yesterday, or an absolute
 * date `Date.parse` reads. Calendar arithmetic is in UTC. Undefined when unreadable.
 */
export function parseTime(text: string, now: Date = new Date()): Date | undefined {
  let rest = text.trim().toLowerCase();
  if (rest === '') return undefined;
  const date = new Date(now.getTime());
  let understood = false;
  while (rest !== '') {
    const base = BASE.exec(rest);
    const relative = base === null ? RELATIVE.exec(rest) : null;
    const match = base ?? relative;
    if (match === null) break;
    if (base !== null) applyBase(date, base[1]!);
    else addRelative(date, relative![1] === '-' !== (relative![4] !== undefined) ? -Number(relative![2]) : Number(relative![2]), relative![3]!);
    understood = true;
    rest = rest.slice(match[0].length).trimStart();
  }
  if (understood && rest === '') return date;
  if (understood) return undefined;
  const absolute = Date.parse(text);
  return Number.isNaN(absolute) ? undefined : new Date(absolute);
}

/**
 * Seconds from a number or a relative time: `3600`, `"3600"`, `"1 day"`, `"+2 hours"`
 * (rounded up, as the reference's `ceil(strtotime($time) - now)`). Throws on unreadable text.
 */
export function toSeconds(value: number | string, now: Date = new Date()): number {
  if (typeof value === 'number') return value;
  if (/^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const date = parseTime(value, now);
  if (date === undefined) throw new SluiceError('SLUICE_INVALID_DURATION', { value });
  return Math.ceil((date.getTime() - now.getTime()) / 1000);
}

function applyBase(date: Date, word: string): void {
  if (word === 'now') return;
  if (word === 'tomorrow') date.setUTCDate(date.getUTCDate() + 1);
  if (word === 'yesterday') date.setUTCDate(date.getUTCDate() - 1);
  date.setUTCHours(word === 'noon' ? 12 : 0, 0, 0, 0);
}

function addRelative(date: Date, amount: number, unit: string): void {
  const singular = unit.replace(/s$/, '');
  if (singular === 'month') date.setUTCMonth(date.getUTCMonth() + amount);
  else if (singular === 'year') date.setUTCFullYear(date.getUTCFullYear() + amount);
  else date.setTime(date.getTime() + amount * SECONDS[singular]! * 1000);
}
