import type { ProfileSearch, ProfileSummary } from '../../profiler/profiler-storage.ts';
import { renderPage } from './layout.ts';
import { escapeHtml } from '../../support/html-escape.ts';
import { formatDateTime, statusClass } from './format.ts';

/** The list of recent profiles with the search form (method, URL, status, IP, time range). */
export function renderSearchPage(found: readonly ProfileSummary[], search: ProfileSearch, raw: Readonly<Record<string, string | undefined>>): string {
  const value = (name: string): string => escapeHtml(raw[name] ?? '');
  const rows = found
    .map((s) => `<tr data-token="${escapeHtml(s.token)}"><td><a href="/_profiler/${escapeHtml(s.token)}">${escapeHtml(s.token)}</a></td><td><span class="badge ${statusClass(s.statusCode)}">${s.statusCode}</span></td><td>${escapeHtml(s.method)}</td><td class="url">${escapeHtml(s.url)}</td><td>${escapeHtml(s.ip)}</td><td>${escapeHtml(formatDateTime(s.time))}</td></tr>`)
    .join('\n');
  const methods = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
  const content = `<h2>Profiles</h2>
<form class="filters" method="get" action="/_profiler/">
<label>Method<select name="method">${methods.map((m) => `<option value="${m}"${(search.method ?? '') === m ? ' selected' : ''}>${m === '' ? 'any' : m}</option>`).join('')}</select></label>
<label>URL contains<input name="url" value="${value('url')}"></label>
<label>Status<input name="status" size="4" value="${value('status')}"></label>
<label>IP<input name="ip" value="${value('ip')}"></label>
<label>From<input name="start" type="datetime-local" value="${value('start')}"></label>
<label>Until<input name="end" type="datetime-local" value="${value('end')}"></label>
<label>Limit<input name="limit" size="4" value="${search.limit ?? 50}"></label>
<button type="submit">Search</button>
</form>
${found.length === 0
    ? '<p class="empty">No profile matches.</p>'
    : `<table class="profiles">
<thead><tr><th>Token</th><th>Status</th><th>Method</th><th>URL</th><th>IP</th><th>Time</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`}`;
  return renderPage({ title: 'Profiles', content });
}
