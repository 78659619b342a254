import type { Profile } from '../../../profiler/profile.ts';
import type { RouterData } from '../../../profiler/data-collector/router-data-collector.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import { keyValueTable } from '../format.ts';
import type { Panel } from './panel.ts';

/** Routing: the route matched, or every route with why it did not match. */
export const routerPanel: Panel = {
  id: 'router',
  label: 'Routing',
  render(profile: Profile): string {
    const data = profile.getCollector<RouterData>('router');
    if (data === undefined) return '<h2>Routing</h2><p class="empty">No routing data.</p>';
    const head = data.route !== null
      ? `<p>Matched route: <strong class="matched-route">${escapeHtml(data.route)}</strong>${data.controller === null ? '' : `, controller <code>${escapeHtml(data.controller)}</code>`}</p>`
      : data.routed || data.traces !== null
        ? '<p class="status-error">No route matched this request.</p>'
        : `<p>This request was not routed: it named its controller itself${data.controller === null ? '' : ` (<code>${escapeHtml(data.controller)}</code>)`}.</p>`;
    const redirect = data.redirectTo === null ? '' : `<p>Redirects to <code>${escapeHtml(data.redirectTo)}</code>.</p>`;
    const params = data.route === null ? '' : `<h3>Route parameters</h3>${keyValueTable(data.routeParams, 'No parameters')}`;
    const traces = data.traces === null
      ? ''
      : `<h3>Route matching</h3>
<table class="route-traces">
<thead><tr><th>#</th><th>Route</th><th>Path</th><th>Verdict</th><th>Why</th></tr></thead>
<tbody>
${data.traces.map((t, i) => `<tr class="trace-${t.level}" data-route="${escapeHtml(t.name)}"><td>${i + 1}</td><td>${escapeHtml(t.name)}</td><td><code>${escapeHtml(t.path)}</code></td><td>${t.level === 'partial' ? 'almost matches' : t.level === 'match' ? 'matches' : 'does not match'}</td><td>${escapeHtml(t.reason)}</td></tr>`).join('\n')}
</tbody>
</table>`;
    return `<h2>Routing</h2>\n${head}\n${redirect}\n${params}\n${traces}`;
  },
};
