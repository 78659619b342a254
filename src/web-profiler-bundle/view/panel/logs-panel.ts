import type { Profile } from '../../../profiler/profile.ts';
import type { LogEntryData, LogTab, LogsData } from '../../../profiler/data-collector/logger-data-collector.ts';
import { LogLevel } from '../../../log/level.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import { formatClock, formatDateTime, prettyJson } from '../format.ts';
import type { Panel, PanelQuery } from './panel.ts';

const tabs: readonly { id: LogTab; label: string }[] = [
  { id: 'info-errors', label: 'Info. & Errors' },
  { id: 'deprecations', label: 'Deprecations' },
  { id: 'debug', label: 'Debug' },
];

const levels = Object.keys(LogLevel) as (keyof typeof LogLevel)[];

/**
 * Logs: every entry of the request (the main request's, then its sub-requests'), in tabs
 * (info and errors, deprecations, debug) with counts, filtered by lowest level and channel.
 */
export const logsPanel: Panel = {
  id: 'logs',
  label: 'Logs',
  count(profile: Profile) {
    const counts = profile.getCollector<LogsData>('logs')?.counts;
    if (counts === undefined) return undefined;
    if (counts.errors > 0) return { value: counts.errors, status: 'status-error' };
    return counts.warnings + counts.deprecations > 0 ? { value: counts.warnings + counts.deprecations, status: 'status-warning' } : undefined;
  },
  render(profile: Profile, query: PanelQuery): string {
    const data = profile.getCollector<LogsData>('logs');
    if (data === undefined || data.entries.length === 0) return '<h2>Logs</h2><p class="empty">No log messages.</p>';
    const tab = tabs.find((t) => t.id === query.tab)?.id ?? (data.counts.total - data.counts.debug - data.counts.deprecations > 0 ? 'info-errors' : 'debug');
    const minLevel = levels.includes(query.level as keyof typeof LogLevel) ? LogLevel[query.level as keyof typeof LogLevel] : LogLevel.DEBUG;
    const channel = query.channel !== undefined && data.channels.includes(query.channel) ? query.channel : '';
    const shown = data.entries.filter((e) => e.tab === tab && e.levelValue >= minLevel && (channel === '' || e.channel === channel));
    const href = (id: LogTab): string => `?panel=logs&tab=${id}${query.level === undefined ? '' : `&level=${encodeURIComponent(query.level)}`}${channel === '' ? '' : `&channel=${encodeURIComponent(channel)}`}`;
    const counts: Record<LogTab, number> = {
      'info-errors': data.entries.filter((e) => e.tab === 'info-errors').length,
      deprecations: data.counts.deprecations,
      debug: data.counts.debug,
    };
    return `<h2>Logs</h2>
<div class="metrics">
<div class="metric"><span class="value status-error">${data.counts.errors}</span><span class="label">Errors</span></div>
<div class="metric"><span class="value status-warning">${data.counts.warnings}</span><span class="label">Warnings</span></div>
<div class="metric"><span class="value">${data.counts.deprecations}</span><span class="label">Deprecations</span></div>
<div class="metric"><span class="value">${data.counts.total}</span><span class="label">Entries</span></div>
</div>
<nav class="tabs">${tabs.map((t) => `<a href="${href(t.id)}" data-tab="${t.id}"${t.id === tab ? ' class="selected"' : ''}>${escapeHtml(t.label)} <span class="badge">${counts[t.id]}</span></a>`).join('')}</nav>
<form class="filters" method="get">
<input type="hidden" name="panel" value="logs"><input type="hidden" name="tab" value="${tab}">
<label>Lowest level<select name="level">${levels.map((l) => `<option${LogLevel[l] === minLevel ? ' selected' : ''}>${l}</option>`).join('')}</select></label>
<label>Channel<select name="channel"><option value="">all</option>${data.channels.map((c) => `<option${c === channel ? ' selected' : ''}>${escapeHtml(c)}</option>`).join('')}</select></label>
<button type="submit">Filter</button>
</form>
${shown.length === 0 ? '<p class="empty">No log messages in this tab for these filters.</p>' : entriesTable(shown, tab)}`;
  },
};

function entriesTable(entries: readonly LogEntryData[], tab: LogTab): string {
  const rows = entries.map((e) => {
    const rowClass = e.levelValue >= LogLevel.ERROR ? 'level-error' : e.levelValue >= LogLevel.WARNING || tab === 'deprecations' ? 'level-warning' : 'level-normal';
    const context = typeof e.context === 'object' && e.context !== null && Object.keys(e.context).length > 0 ? `<details class="context"><summary>Context</summary><pre>${escapeHtml(prettyJson(e.context))}</pre></details>` : '';
    return `<tr class="${rowClass}" data-level="${escapeHtml(e.level)}" data-channel="${escapeHtml(e.channel)}"><td><strong>${escapeHtml(e.level)}</strong><br><time title="${escapeHtml(formatDateTime(e.time))}">${formatClock(e.time)}</time></td><td>${escapeHtml(e.channel)}</td><td class="message">${escapeHtml(e.message)}${context}</td></tr>`;
  });
  return `<table class="logs" data-tab="${tab}">
<thead><tr><th>Level</th><th>Channel</th><th>Message</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}
