import type { Profile } from '../../../profiler/profile.ts';
import type { TimeData } from '../../../profiler/data-collector/time-data-collector.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import { formatDateTime, formatMs } from '../format.ts';
import type { Panel } from './panel.ts';

/** Performance: the timeline of kernel phases and listener calls, sub-requests included. */
export const timePanel: Panel = {
  id: 'time',
  label: 'Performance',
  render(profile: Profile): string {
    const data = profile.getCollector<TimeData>('time');
    if (data === undefined) return '<h2>Performance</h2><p class="empty">No timing data.</p>';
    const total = Math.max(data.duration, 0.001);
    const percent = (ms: number): string => `${Math.min(100, Math.max(0, (ms / total) * 100)).toFixed(3)}%`;
    const rows = data.phases.flatMap((phase) => [
      `<div class="row phase" data-event="${escapeHtml(phase.event)}"><span class="bar" style="left:${percent(phase.start)};width:${percent(phase.duration)}"></span><span class="label">${escapeHtml(phase.event)} — ${escapeHtml(phase.request)} (${formatMs(phase.duration)})</span></div>`,
      ...phase.listeners.map((call) => `<div class="row listener"><span class="bar" style="left:${percent(call.start)};width:${percent(call.duration)}"></span><span class="label">${escapeHtml(call.listener)} (${formatMs(call.duration)})</span></div>`),
    ]);
    return `<h2>Performance</h2>
<div class="metrics">
<div class="metric"><span class="value">${formatMs(data.duration)}</span><span class="label">Total time</span></div>
<div class="metric"><span class="value">${data.phases.length}</span><span class="label">Kernel phases</span></div>
<div class="metric"><span class="value">${escapeHtml(formatDateTime(data.startTime))}</span><span class="label">Started</span></div>
</div>
<p>Time between phases is spent outside listeners: routing a sub-request, the controller, the view.</p>
<div class="timeline">
${rows.join('\n')}
</div>`;
  },
};
