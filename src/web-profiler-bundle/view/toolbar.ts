import type { Profile } from '../../profiler/profile.ts';
import type { LogsData } from '../../profiler/data-collector/logger-data-collector.ts';
import type { MemoryData } from '../../profiler/data-collector/memory-data-collector.ts';
import type { RequestData } from '../../profiler/data-collector/request-data-collector.ts';
import type { TimeData } from '../../profiler/data-collector/time-data-collector.ts';
import { escapeHtml } from '../../support/html-escape.ts';
import { formatBytes, formatMs, statusClass } from './format.ts';

// Scoped under the toolbar's id so that it neither takes nor gives styles to the page.
const style = `#sluice-toolbar{position:fixed;left:0;right:0;bottom:0;z-index:2147483000;display:flex;gap:0;align-items:stretch;background:#222;color:#eee;font:13px/28px -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;box-shadow:0 -1px 3px rgba(0,0,0,.3)}
#sluice-toolbar .sluice-toolbar-item{padding:0 10px;border-right:1px solid #444;white-space:nowrap}
#sluice-toolbar .sluice-toolbar-item b{color:#fff}
#sluice-toolbar .status-error{background:#b0413e}#sluice-toolbar .status-warning{background:#a46a1f}#sluice-toolbar .status-success{background:#3c7a3c}
#sluice-toolbar a{color:#9cf;text-decoration:none}#sluice-toolbar a:hover{text-decoration:underline}
#sluice-toolbar .sluice-toolbar-count{display:inline-block;border-radius:9px;padding:0 6px;line-height:18px;background:#555;color:#fff}
#sluice-toolbar .sluice-toolbar-count.errors{background:#b0413e}#sluice-toolbar .sluice-toolbar-count.warnings{background:#a46a1f}
#sluice-toolbar{flex-wrap:wrap;max-width:100vw}
#sluice-toolbar .sluice-toolbar-item{min-width:0;overflow:hidden;text-overflow:ellipsis}
#sluice-toolbar .sluice-toolbar-toggle{position:absolute;opacity:0;width:1px;height:1px;margin:0}
#sluice-toolbar .sluice-toolbar-hide{order:99;margin-left:auto;padding:0 12px;cursor:pointer;color:#ccc;background:#333;user-select:none}
#sluice-toolbar .sluice-toolbar-hide:hover{color:#fff}
#sluice-toolbar .sluice-toolbar-toggle:focus-visible+.sluice-toolbar-hide{outline:2px solid #9cf}
#sluice-toolbar .sluice-toolbar-hide .when-hidden,#sluice-toolbar .sluice-toolbar-toggle:checked+.sluice-toolbar-hide .when-shown{display:none}
#sluice-toolbar .sluice-toolbar-toggle:checked+.sluice-toolbar-hide .when-hidden{display:inline}
#sluice-toolbar:has(.sluice-toolbar-toggle:checked){left:auto}
#sluice-toolbar .sluice-toolbar-toggle:checked~.sluice-toolbar-item{display:none}
@media (max-width:600px){#sluice-toolbar{font-size:12px}#sluice-toolbar .sluice-toolbar-item{padding:0 6px}#sluice-toolbar [data-item="memory"],#sluice-toolbar [data-item="route"] small{display:none}}`;

/**
 * The web debug toolbar: status, route, time, memory, log and deprecation counts, and the
 * link to the full profile. Values are those known when the response was ready.
 */
export function renderToolbar(profile: Profile, link: string): string {
  const request = profile.getCollector<RequestData>('request');
  const time = profile.getCollector<TimeData>('time');
  const memory = profile.getCollector<MemoryData>('memory');
  const logs = profile.getCollector<LogsData>('logs')?.counts;
  const item = (name: string, html: string, extraClass = ''): string => `<div class="sluice-toolbar-item ${extraClass}" data-item="${name}">${html}</div>`;
  const problems = logs === undefined ? 0 : logs.errors + logs.warnings;
  const problemClass = logs !== undefined && logs.errors > 0 ? 'errors' : 'warnings';
  // The hide button is a checkbox and its label: it works without script (a page's CSP may forbid inline scripts).
  return `<div id="sluice-toolbar" role="region" aria-label="Sluice debug toolbar" data-token="${escapeHtml(profile.token)}"><style>${style}</style>
<input type="checkbox" id="sluice-toolbar-toggle-${escapeHtml(profile.token)}" class="sluice-toolbar-toggle" aria-label="Hide the debug toolbar"><label class="sluice-toolbar-hide" for="sluice-toolbar-toggle-${escapeHtml(profile.token)}" title="Hide or show the debug toolbar"><span class="when-shown">&#x2715;</span><span class="when-hidden">Sluice &#x25B8;</span></label>
${item('status', `<b>${profile.statusCode}</b>`, statusClass(profile.statusCode))}
${item('route', `@ <b>${escapeHtml(request?.route ?? 'n/a')}</b>${request?.controller == null ? '' : ` <small>${escapeHtml(request.controller.name)}</small>`}`)}
${item('time', `<b>${time === undefined ? 'n/a' : formatMs(time.duration)}</b>`)}
${item('memory', `<b>${memory === undefined ? 'n/a' : formatBytes(memory.peakRss)}</b> peak`)}
${item('logs', `<a href="${escapeHtml(link)}?panel=logs">logs <span class="sluice-toolbar-count ${problems > 0 ? problemClass : ''}">${problems}</span></a>`)}
${item('deprecations', `<a href="${escapeHtml(link)}?panel=logs&amp;tab=deprecations">deprecations <span class="sluice-toolbar-count">${logs?.deprecations ?? 0}</span></a>`)}
${item('profile', `<a class="sluice-toolbar-profile" href="${escapeHtml(link)}">profile ${escapeHtml(profile.token)}</a>`)}
</div>
`;
}
