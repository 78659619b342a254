import type { Profile } from '../../profiler/profile.ts';
import type { ExceptionData } from '../../profiler/data-collector/exception-data-collector.ts';
import { renderPage } from './layout.ts';
import { databasePanel } from './panel/database-panel.ts';
import { eventsPanel } from './panel/events-panel.ts';
import { exceptionPanel } from './panel/exception-panel.ts';
import { logsPanel } from './panel/logs-panel.ts';
import { memoryPanel } from './panel/memory-panel.ts';
import type { Panel, PanelQuery } from './panel/panel.ts';
import { requestPanel } from './panel/request-panel.ts';
import { routerPanel } from './panel/router-panel.ts';
import { timePanel } from './panel/time-panel.ts';

export const panels: readonly Panel[] = [requestPanel, routerPanel, eventsPanel, logsPanel, databasePanel, exceptionPanel, timePanel, memoryPanel];

/** A profile's page: the panel named by `?panel=`, else the exception when there is one, else the request. */
export function renderProfilePage(profile: Profile, query: PanelQuery): string {
  const hasException = profile.getCollector<ExceptionData | null>('exception') != null;
  const panel = panels.find((p) => p.id === query.panel) ?? (hasException ? exceptionPanel : requestPanel);
  return renderPage({
    title: `${panel.label}: ${profile.method} ${profile.url} (${profile.token})`,
    profile,
    nav: panels.map((p) => ({ id: p.id, label: p.label, href: `/_profiler/${profile.token}?panel=${p.id}`, count: p.count?.(profile) })),
    selected: panel.id,
    content: panel.render(profile, query),
  });
}
