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
  // put together piece by piece: a join copies the rows into a new string, which the page's own flattening copies again
  let rows = '';
  for (let i = 0; i < records.length; i++) rows += `${i === 0 ? '' : '\n'}${renderRow(records[i]!, withChannel)}`;
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
  const [open, close] = rowEdges(statusClass(record), record.level, record.channel, withChannel);
  return `${open}${localDateTime(record.time).slice(11)}${close}${messageCells.text(record.message, record.context, renderMessageCells)}`;
}

/** A row's markup before its time and between its time and its message: the same few levels and channels on every page. */
type RowEdges = readonly [open: string, close: string];

// By level, then channel, then the row's class; with and without the Channel column.
const rowEdgesByLevel = new Map<string, Map<string, Map<string, [withChannel?: RowEdges, without?: RowEdges]>>>();
let rowEdgesCount = 0;
const maxRowEdges = 256;

function rowEdges(status: string, level: string, channel: string, withChannel: boolean): RowEdges {
  let byChannel = rowEdgesByLevel.get(level);
  let byStatus = byChannel?.get(channel);
  let both = byStatus?.get(status);
  const at = withChannel ? 0 : 1;
  const kept = both?.[at];
  if (kept !== undefined) return kept;
  const channelCell = withChannel ? `<td class="log-channel">${escapeHtml(channel)}</td>` : '';
  const edges: RowEdges = [
    `<tr class="${status}" data-level="${escapeHtml(level)}" data-channel="${escapeHtml(channel)}"><td class="log-level"><strong>${escapeHtml(level)}</strong><time>`,
    `</time></td>${channelCell}`,
  ];
  // channels are named by code; a program naming ever new ones stops the table growing
  if (rowEdgesCount < maxRowEdges) {
    if (byChannel === undefined) rowEdgesByLevel.set(level, (byChannel = new Map()));
    if (byStatus === undefined) byChannel.set(channel, (byStatus = new Map()));
    if (both === undefined) byStatus.set(status, (both = []));
    both[at] = edges;
    rowEdgesCount++;
  }
  return edges;
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
  // An error alone (the uncaught exception's entry, a deprecation's): what the replacer
  // makes of it, without walking it with the replacer.
  const errorKey = loneErrorKey(context);
  if (errorKey !== undefined) return `{\n    ${JSON.stringify(errorKey)}: {}\n}`;
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

/** The key of a plain object's one own enumerable property when that holds an error without `toJSON`. */
function loneErrorKey(context: LogContext): string | undefined {
  const prototype = Object.getPrototypeOf(context) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let found: string | undefined;
  for (const key in context) {
    if (found !== undefined || !Object.hasOwn(context, key)) return undefined;
    found = key;
  }
  if (found === undefined) return undefined;
  const value = context[found];
  if (!(value instanceof Error || types.isNativeError(value))) return undefined;
  return typeof (value as { toJSON?: unknown }).toJSON === 'function' ? undefined : found;
}

function contextReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error || types.isNativeError(value)) return {};
  if (typeof value === 'bigint') return value.toString();
  return value;
}
