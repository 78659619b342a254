import type { Profile } from '../../../profiler/profile.ts';
import type { EventsData, RequestEventsData } from '../../../profiler/data-collector/event-data-collector.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import { formatMs } from '../format.ts';
import type { Panel } from './panel.ts';

/** Events: for the request and each sub-request, the listeners called in order, those not called, orphaned events. */
export const eventsPanel: Panel = {
  id: 'events',
  label: 'Events',
  count(profile: Profile) {
    const data = profile.getCollector<EventsData>('events');
    return data === undefined ? undefined : { value: data.requests.reduce((sum, r) => sum + r.called.length, 0) };
  },
  render(profile: Profile): string {
    const data = profile.getCollector<EventsData>('events');
    if (data === undefined || data.requests.length === 0) return '<h2>Events</h2><p class="empty">No events were recorded.</p>';
    return `<h2>Events</h2>\n<p>kernel.terminate is not shown: its listeners run once the response was sent, after this profile was completed.</p>\n${data.requests.map(requestSection).join('\n')}`;
  },
};

function requestSection(data: RequestEventsData): string {
  const kind = data.isMain ? 'main' : 'sub';
  const called = data.called
    .map((call) => `<tr data-event="${escapeHtml(call.event)}"><td>${escapeHtml(call.event)}</td><td class="priority">${call.priority}</td><td class="listener">${escapeHtml(call.listener)}${call.stoppedPropagation ? ' <span class="badge status-warning">stopped propagation</span>' : ''}</td><td>${formatMs(call.duration)}</td></tr>`)
    .join('\n');
  const notCalled = data.notCalled.length === 0
    ? '<p class="empty">Every registered listener was called.</p>'
    : `<table class="events not-called" data-request="${kind}">
<thead><tr><th>Event</th><th>Priority</th><th>Listener</th></tr></thead>
<tbody>
${data.notCalled.map((l) => `<tr data-event="${escapeHtml(l.event)}"><td>${escapeHtml(l.event)}</td><td class="priority">${l.priority}</td><td class="listener">${escapeHtml(l.listener)}</td></tr>`).join('\n')}
</tbody>
</table>`;
  const orphaned = data.orphaned.length === 0
    ? '<p class="empty">None.</p>'
    : `<ul class="orphaned">${data.orphaned.map((event) => `<li>${escapeHtml(event)}</li>`).join('')}</ul>`;
  return `<section class="request-events" data-request="${kind}" data-token="${escapeHtml(data.token)}">
<h3>${escapeHtml(data.label)} <small><a href="/_profiler/${escapeHtml(data.token)}?panel=events">${escapeHtml(data.token)}</a></small></h3>
<h4>Called listeners (${data.called.length})</h4>
<table class="events called" data-request="${kind}">
<thead><tr><th>Event</th><th>Priority</th><th>Listener</th><th>Duration</th></tr></thead>
<tbody>
${called}
</tbody>
</table>
<h4>Not called listeners (${data.notCalled.length})</h4>
${notCalled}
<h4>Orphaned events</h4>
${orphaned}
</section>`;
}
