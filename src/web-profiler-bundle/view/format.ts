import { escapeHtml } from '../../support/html-escape.ts';


export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}

export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${mib.toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** `HH:MM:SS` in local time, as the logs show it. */
export function formatClock(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function formatDateTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${formatClock(epochMs)}`;
}

/** `status-error` (5xx, 4xx), `status-warning` (3xx) or `status-success`, for colours. */
export function statusClass(statusCode: number): string {
  if (statusCode >= 400) return 'status-error';
  if (statusCode >= 300) return 'status-warning';
  return 'status-success';
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

/** A two-column table of a record's keys and values (values as JSON unless strings). */
export function keyValueTable(values: unknown, empty = 'None'): string {
  const entries = typeof values === 'object' && values !== null && !Array.isArray(values) ? Object.entries(values) : [];
  if (entries.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`;
  const rows = entries
    .map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${typeof value === 'string' ? escapeHtml(value) : `<pre>${escapeHtml(prettyJson(value))}</pre>`}</td></tr>`)
    .join('\n');
  return `<table class="key-value">\n<thead><tr><th>Key</th><th>Value</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
}
