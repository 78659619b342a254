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
  return `[${localDateTime(record.time)}] ${record.channel}.${record.level}: ${messageAndContext(record.message, record.context)} []\n`;
}

function formatMessageAndContext(message: string, context: LogContext): string {
  // JSON.stringify escapes every line break inside strings and adds none of its own: the
  // context is one line as it is.
  return `${oneLine(interpolate(message, context))} ${isEmpty(context) ? '[]' : JSON.stringify(normalizeContext(context))}`;
}

/**
 * The message and context part of lines whose context holds a few strings only, by
 * message, then each key and value of the context in turn. Most of what a debug request
 * logs is the event dispatcher's "Notified event ... to listener ..." lines: the same few
 * dozen pairs of event and listener, request after request, each of which was filled,
 * normalized and encoded as JSON anew. Strings are written as they are, so such a part
 * depends on nothing else. Looked up by the strings themselves, which are mostly the same
 * string objects every time, each with its hash already worked out: a key made by joining
 * them was a new string to hash on every line.
 */
interface FlatPart {
  readonly next: Map<string, FlatPart>;
  text: string | undefined;
}

const flatParts: FlatPart = { next: new Map(), text: undefined };
let flatPartCount = 0;
const maxFlatParts = 1024;
/** Longer values are formatted each time rather than kept. */
const maxFlatValueLength = 256;

function messageAndContext(message: string, context: LogContext): string {
  let part = step(flatParts, message);
  let count = 0;
  for (const name in context) {
    if (!Object.hasOwn(context, name)) continue;
    const value = context[name];
    if (typeof value !== 'string' || ++count > 4 || value.length > maxFlatValueLength) return formatMessageAndContext(message, context);
    part = step(step(part, name), value);
  }
  if (count === 0) return formatMessageAndContext(message, context);
  if (part.text !== undefined) return part.text;
  const text = formatMessageAndContext(message, context);
  if (flatPartCount < maxFlatParts) {
    flatPartCount++;
    part.text = text;
  }
  return text;
}

/** The part after `key`, made on the way while there is room (a node without room leads nowhere kept). */
function step(part: FlatPart, key: string): FlatPart {
  const next = part.next.get(key);
  if (next !== undefined) return next;
  const made: FlatPart = { next: new Map(), text: undefined };
  if (flatPartCount < maxFlatParts) part.next.set(key, made);
  return made;
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
