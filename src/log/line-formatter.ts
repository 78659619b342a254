import { FlatContextCache } from './flat-context-cache.ts';
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
  return linePrefix(record.time, record.channel, record.level) + messageAndContext(record.message, record.context);
}

/** The line after its prefix: the message, the context and the extra, newline included. */
function formatMessageAndContext(message: string, context: LogContext): string {
  // JSON.stringify escapes every line break inside strings and adds none of its own: the
  // context is one line as it is.
  return `${oneLine(interpolate(message, context))} ${isEmpty(context) ? '[]' : JSON.stringify(normalizeContext(context))} []\n`;
}

/** The message and context part of lines whose context holds a few strings only. */
const flatParts = new FlatContextCache();

function messageAndContext(message: string, context: LogContext): string {
  return flatParts.text(message, context, formatMessageAndContext);
}

/** Prefixes kept for one second at most; channels are names written in the code, this only bounds a misuse. */
const maxPrefixes = 64;
let prefixSecond = Number.NaN;
/** `[date] channel.LEVEL: ` by channel and level, for the second `prefixSecond`. */
const prefixes = new Map<string, Map<string, string>>();
let prefixCount = 0;

/**
 * `[YYYY-MM-DD HH:MM:SS] channel.LEVEL: `. A request's lines come within a second or
 * two from a few channels and levels, and putting the prefix together piece by piece
 * made a string of each piece for every line, each living as long as the line.
 */
function linePrefix(time: number, channel: string, level: string): string {
  const second = Math.floor(time / 1000);
  if (second !== prefixSecond) {
    prefixes.clear();
    prefixCount = 0;
    prefixSecond = second;
  }
  let byLevel = prefixes.get(channel);
  let prefix = byLevel?.get(level);
  if (prefix !== undefined) return prefix;
  prefix = `[${localDateTime(time)}] ${channel}.${level}: `;
  if (prefixCount < maxPrefixes) {
    if (byLevel === undefined) prefixes.set(channel, (byLevel = new Map()));
    byLevel.set(level, prefix);
    prefixCount++;
  }
  return prefix;
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
