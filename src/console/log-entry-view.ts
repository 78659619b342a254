import type { LogRecord } from '../log/log-record.ts';
import { interpolate } from '../log/interpolate.ts';
import { formatLine } from '../log/line-formatter.ts';

/**
 * A log entry as shown to people: placeholders filled, time as HH:MM:SS, and the context
 * as JSON shows it (an Error is `{}`, as on the error page's Logs tab).
 */
export interface LogEntryView {
  level: string;
  channel: string;
  time: string;
  message: string;
  context: unknown;
}

export function viewOf(record: LogRecord): LogEntryView {
  const date = new Date(record.time);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return {
    level: record.level,
    channel: record.channel,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`,
    message: interpolate(record.message, record.context),
    context: JSON.parse(JSON.stringify(record.context, contextReplacer) ?? '{}'),
  };
}

export function formatEntry(record: LogRecord, format: 'text' | 'jsonl'): string {
  return format === 'jsonl' ? `${JSON.stringify(viewOf(record))}\n` : formatLine(record);
}

/** Errors show as `{}` whatever fields they carry, as the source document's log does. */
function contextReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return {};
  return typeof value === 'bigint' ? value.toString() : value;
}
