import { types } from 'node:util';
import { interpolateScalars } from '../../log/interpolate.ts';
import { FlatContextCache } from '../../log/flat-context-cache.ts';
import { LogLevel } from '../../log/level.ts';
import { localDateTime } from '../../log/line-formatter.ts';
import type { LogContext, LogRecord } from '../../log/log-record.ts';
import { logsTabNormalizing, normalizeContext } from '../../log/normalize.ts';
import { isDeprecation } from '../deprecation-error.ts';
import { escapeHtml } from '../../support/html-escape.ts';

/** The levels the filter offers, most severe first. */
export const filterLevels = 'Emergency,Alert,Critical,Error,Warning,Notice,Info,Debug';

/**
 * The Logs tab's table. Its markup is a contract that tests and tools read:
 * `<table class="logs">`, a header row Level | Channel | Message, and per record
 * `<tr class="status-…" data-level="…" data-channel="…">` with the cells level
 * (`<strong>LEVEL</strong><time>HH:MM:SS</time>`), channel, message, context (`<pre>`).
 * The Channel column is left out when the first record has no channel, as the reference does.
 */
export function renderLogsTable(records: readonly LogRecord[]): string {
  if (records.length === 0) return '<p class="empty">No log messages.</p>';
  const withChannel = records[0]!.channel !== '';
  const rows = records.map((record) => renderRow(record, withChannel)).join('\n');
  return `<div class="log-filters" hidden data-levels="${filterLevels}"></div>
<table class="logs">
<thead>
<tr><th>Level</th>${withChannel ? '<th>Channel</th>' : ''}<th colspan="2">Message</th></tr>
</thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function renderRow(record: LogRecord, withChannel: boolean): string {
  const channel = withChannel ? `<td class="log-channel">${escapeHtml(record.channel)}</td>` : '';
  return (
    `<tr class="${statusClass(record)}" data-level="${escapeHtml(record.level)}" data-channel="${escapeHtml(record.channel)}">` +
    `<td class="log-level"><strong>${escapeHtml(record.level)}</strong><time>${localDateTime(record.time).slice(11)}</time></td>` +
    `${channel}${messageCells.text(record.message, record.context, renderMessageCells)}`
  );
}

/** The message and context cells of rows whose context holds a few strings only (the event dispatcher's). */
const messageCells = new FlatContextCache();

function renderMessageCells(message: string, context: LogContext): string {
  const shownContext = Object.keys(context).length === 0 ? '' : `<pre>${escapeHtml(prettyContext(context), 'none')}</pre>`;
  return `<td class="log-message">${escapeHtml(interpolateScalars(message, context))}</td><td class="log-context">${shownContext}</td></tr>`;
}

/**
 * Errors and worse in red, warnings in yellow, and deprecations in yellow too even though
 * they are logged at INFO: they are what a developer must act on before the next version.
 */
export function statusClass(record: LogRecord): 'status-error' | 'status-warning' | 'status-normal' {
  if (record.levelValue >= LogLevel.ERROR) return 'status-error';
  if (record.levelValue >= LogLevel.WARNING || isDeprecationRecord(record)) return 'status-warning';
  return 'status-normal';
}

function isDeprecationRecord(record: LogRecord): boolean {
  if (record.message.startsWith('User Deprecated')) return true;
  const exception = record.context['exception'];
  // Node's own deprecation warnings (`process.on('warning')`) are named so.
  return isDeprecation(exception) || (exception instanceof Error && exception.name === 'DeprecationWarning');
}

/**
 * The context as the reference shows it (PHP's pretty JSON: four spaces, slashes and
 * Unicode unescaped): an error is an object without public properties there, so `{}`.
 */
export function prettyContext(context: LogContext): string {
  // Most contexts hold text only ({event, listener}): the replacer, called for each key,
  // would change nothing there.
  if (isFlatAndPlain(context)) return JSON.stringify(context, null, 4);
  try {
    return JSON.stringify(context, contextReplacer, 4);
  } catch {
    // A context that contains itself: show what can be shown rather than no page at all.
    return JSON.stringify(normalizeContext(context, logsTabNormalizing), null, 4);
  }
}

/** A plain object whose values are all strings, finite or not numbers, booleans or null. */
function isFlatAndPlain(context: LogContext): boolean {
  const prototype = Object.getPrototypeOf(context) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in context) {
    if (!Object.hasOwn(context, key)) return false;
    const value = context[key];
    const type = typeof value;
    if (value !== null && type !== 'string' && type !== 'number' && type !== 'boolean') return false;
  }
  return true;
}

function contextReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error || types.isNativeError(value)) return {};
  if (typeof value === 'bigint') return value.toString();
  return value;
}
