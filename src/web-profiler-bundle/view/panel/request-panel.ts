import type { Profile } from '../../../profiler/profile.ts';
import type { RequestData } from '../../../profiler/data-collector/request-data-collector.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import { keyValueTable, statusClass } from '../format.ts';
import type { Panel } from './panel.ts';

/** Request and response: what came in, what the controller was, what went out. */
export const requestPanel: Panel = {
  id: 'request',
  label: 'Request / Response',
  render(profile: Profile): string {
    const data = profile.getCollector<RequestData>('request');
    if (data === undefined) return '<h2>Request / Response</h2><p class="empty">No request data.</p>';
    const controller = data.controller === null
      ? 'n/a'
      : `${escapeHtml(data.controller.name)}${data.controller.file === undefined ? '' : ` <small>(${escapeHtml(data.controller.file)} line ${data.controller.line ?? '?'})</small>`}`;
    const redirect = data.redirect === null
      ? ''
      : `<h3>Redirected from</h3><p>${escapeHtml(data.redirect.method)} <strong>${escapeHtml(data.redirect.route)}</strong> (${escapeHtml(data.redirect.controller ?? 'n/a')}), status ${data.redirect.statusCode}${data.redirect.token === null ? '' : `, <a href="/_profiler/${escapeHtml(data.redirect.token)}">profile ${escapeHtml(data.redirect.token)}</a>`}</p>`;
    return `<h2>Request / Response</h2>
<div class="metrics">
<div class="metric"><span class="value ${statusClass(data.statusCode)}">${data.statusCode}</span><span class="label">${escapeHtml(data.statusText)}</span></div>
<div class="metric"><span class="value">${escapeHtml(data.method)}</span><span class="label">Method</span></div>
<div class="metric"><span class="value">${escapeHtml(data.route ?? 'n/a')}</span><span class="label">Route</span></div>
<div class="metric"><span class="value">${escapeHtml(data.format ?? 'html')}</span><span class="label">Format</span></div>
<div class="metric"><span class="value">${escapeHtml(data.locale)}</span><span class="label">Locale</span></div>
</div>
<p class="controller"><strong>Controller:</strong> ${controller}</p>
${redirect}
<h3>Query parameters</h3>
${keyValueTable(data.query, 'No GET parameters')}
<h3>Request attributes</h3>
${keyValueTable(data.attributes, 'No attributes')}
<h3>Cookies</h3>
${keyValueTable(data.cookies, 'No cookies')}
<h3>Session</h3>
${data.session === null ? '<p class="empty">No session</p>' : keyValueTable(data.session, 'The session is empty')}
<h3>Request headers</h3>
${keyValueTable(data.requestHeaders)}
<h3>Response headers</h3>
${keyValueTable(Object.fromEntries(Object.entries(data.responseHeaders).map(([name, values]) => [name, values.join(', ')])))}`;
  },
};
