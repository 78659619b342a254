import type { Profile } from '../../../profiler/profile.ts';
import type { DatabaseData } from '../../../profiler/data-collector/database-data-collector.ts';
import { formatMs } from '../format.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import type { Panel } from './panel.ts';

/** Database: the statements the request ran, in order, with parameters, duration and errors. */
export const databasePanel: Panel = {
  id: 'db',
  label: 'Database',
  count(profile: Profile) {
    const data = profile.getCollector<DatabaseData>('db');
    if (data === undefined || data.count === 0) return undefined;
    return data.errors > 0 ? { value: data.count, status: 'status-error' } : { value: data.count };
  },
  render(profile: Profile): string {
    const data = profile.getCollector<DatabaseData>('db');
    if (data === undefined || data.count === 0) return '<h2>Database</h2><p class="empty">No database queries.</p>';
    const rows = data.queries.map((query, i) => `<tr${query.error === undefined ? '' : ' class="status-error"'}>
<td>${i + 1}</td><td>${query.durationMs === undefined ? 'pending' : formatMs(query.durationMs)}</td>
<td><code class="sql">${escapeHtml(query.sql)}</code>${query.params.length === 0 ? '' : `<pre class="params">${escapeHtml(JSON.stringify(query.params))}</pre>`}${query.error === undefined ? '' : `<p class="error">${escapeHtml(query.error)}</p>`}</td>
</tr>`).join('\n');
    const kept = data.queries.length < data.count ? `<p>The first ${data.queries.length} of ${data.count} queries are shown.</p>` : '';
    return `<h2>Database</h2>
<div class="metrics">
<div class="metric"><span class="value">${data.count}</span><span class="label">Queries</span></div>
<div class="metric"><span class="value">${formatMs(data.totalMs)}</span><span class="label">Query time</span></div>
<div class="metric"><span class="value${data.errors > 0 ? ' status-error' : ''}">${data.errors}</span><span class="label">Errors</span></div>
</div>
${kept}<table class="queries"><thead><tr><th>#</th><th>Time</th><th>Query</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
  },
};
