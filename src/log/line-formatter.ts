import { interpolate } from './interpolate.ts';
import type { LogContext, LogRecord } from './log-record.ts';
import { normalizeContext } from './normalize.ts';

/**
 * The reference's file format (Monolog 1's line formatter with the PSR-3 processor):
 * `[YYYY-MM-DD HH:MM:SS] channel.LEVEL: message {context} []` and a newline. The message
 * has its placeholders filled; the context follows as JSON, `[]` when empty, as PHP
 * encodes an empty array. Extra is always empty here, so always `[]`.
 */
export function formatLine(record: LogRecord): string {
  const message = oneLine(interpolate(record.message, record.context));
  // JSON.stringify escapes every line break inside strings and adds none of its own: the
  // context is one line as it is.
  const context = isEmpty(record.context) ? '[]' : JSON.stringify(normalizeContext(record.context));
  return `[${localDateTime(record.time)}] ${record.channel}.${record.level}: ${message} ${context} []\n`;
}

function oneLine(text: string): string {
  if (!text.includes('\n') && !text.includes('\r')) return text;
  return text.replace(/\r\n|\r|\n/g, ' ');
}

/** No own enumerable key, as `Object.keys(context).length === 0` says, without making the array. */
function isEmpty(context: LogContext): boolean {
  for (const key in context) if (Object.hasOwn(context, key)) return false;
  return true;
}

// Entries come in bursts within one second; the formatted second is reused.
let cachedSecond = Number.NaN;
let cachedText = '';

/** `YYYY-MM-DD HH:MM:SS` in local time, as PHP's `date()` shows it. */
export function localDateTime(time: number): string {
  const second = Math.floor(time / 1000);
  if (second !== cachedSecond) {
    const date = new Date(second * 1000);
    cachedText =
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    cachedSecond = second;
  }
  return cachedText;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
