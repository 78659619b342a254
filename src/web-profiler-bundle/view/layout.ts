import type { Profile } from '../../profiler/profile.ts';
import type { RequestData } from '../../profiler/data-collector/request-data-collector.ts';
import { escapeHtml } from '../../support/html-escape.ts';
import { formatDateTime, statusClass } from './format.ts';
import { profilerStyle } from './profiler-style.ts';

export interface NavItem {
  readonly id: string;
  readonly label: string;
  readonly href: string;
  readonly count?: { readonly value: number; readonly status?: string } | undefined;
}

export interface PageParts {
  readonly title: string;
  readonly profile?: Profile | undefined;
  readonly nav?: readonly NavItem[];
  readonly selected?: string;
  readonly content: string;
}

/** The frame of every profiler page: header, the profile's summary, the panel menu, the panel. */
export function renderPage(parts: PageParts): string {
  const nav = parts.nav === undefined
    ? ''
    : `<nav class="panels">${parts.nav.map((item) => navLink(item, item.id === parts.selected)).join('')}</nav>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="robots" content="noindex,nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<style>${profilerStyle}</style>
</head>
<body>
<header class="profiler-header"><h1>Sluice Profiler</h1><a href="/_profiler/">Search profiles</a><a href="/_profiler/latest">Latest</a></header>
${parts.profile === undefined ? '' : summary(parts.profile)}
<div class="layout">
${nav}
<main class="panel">
${parts.content}
</main>
</div>
</body>
</html>
`;
}

function navLink(item: NavItem, selected: boolean): string {
  const count = item.count === undefined || item.count.value === 0 ? '' : ` <span class="count ${item.count.status ?? ''}">${item.count.value}</span>`;
  return `<a href="${escapeHtml(item.href)}" data-panel="${escapeHtml(item.id)}"${selected ? ' class="selected"' : ''}><span>${escapeHtml(item.label)}</span>${count}</a>`;
}

function summary(profile: Profile): string {
  const request = profile.getCollector<RequestData>('request');
  const parent = profile.parentToken === null ? '' : `<dl><dt>Parent</dt><dd><a href="/_profiler/${escapeHtml(profile.parentToken)}">${escapeHtml(profile.parentToken)}</a></dd></dl>`;
  const children = profile.childTokens.length === 0
    ? ''
    : `<dl><dt>Sub-requests</dt><dd>${profile.childTokens.map((token) => `<a href="/_profiler/${escapeHtml(token)}">${escapeHtml(token)}</a>`).join(', ')}</dd></dl>`;
  return `<section class="summary" data-token="${escapeHtml(profile.token)}">
<div class="url"><span class="badge ${statusClass(profile.statusCode)}">${profile.statusCode}</span> ${escapeHtml(profile.method)} ${escapeHtml(profile.url)}</div>
<dl><dt>Token</dt><dd>${escapeHtml(profile.token)}</dd></dl>
<dl><dt>Route</dt><dd>${escapeHtml(request?.route ?? 'n/a')}</dd></dl>
<dl><dt>IP</dt><dd>${escapeHtml(profile.ip)}</dd></dl>
<dl><dt>Profiled on</dt><dd>${escapeHtml(formatDateTime(profile.time))}</dd></dl>
${parent}${children}
<dl><dt>Data</dt><dd><a href="/_profiler/${escapeHtml(profile.token)}.json">JSON</a></dd></dl>
</section>`;
}
