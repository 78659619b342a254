import type { FlattenException } from '../flatten-exception.ts';
import { debugScript, debugStyle } from './debug-assets.ts';
import { escapeHtml } from '../../support/html-escape.ts';

export interface DebugTab {
  readonly id: string;
  readonly label: string;
  /** A count beside the label; `error` makes it red. Nothing is shown for undefined. */
  readonly badge?: { readonly count: number; readonly error?: boolean } | undefined;
  readonly content: string;
}

/**
 * The debug page's frame: the comment and title that name the error (what a developer
 * sees in a terminal or a browser tab), the red summary, and the tabs. A plain string
 * among `sections` goes between the panels, outside any tab, so it shows with every tab.
 */
export function renderDebugPage(flat: FlattenException, charset: string, sections: readonly (DebugTab | string)[]): string {
  const summary = escapeHtml(`${flat.message} (${flat.statusCode} ${flat.statusText})`);
  const tabs = sections.filter((section): section is DebugTab => typeof section !== 'string');
  const navigation = tabs
    .map((tab, i) => `<a href="#${tab.id}"${i === 0 ? ' class="active"' : ''}>${label(tab)}</a>`)
    .join('');
  let first = true;
  const body = sections
    .map((section) => {
      if (typeof section === 'string') return section;
      const html = `<section class="tab-panel${first ? ' active' : ''}" id="${section.id}">
<h2 class="tab-title">${label(section)}</h2>
${section.content}
</section>`;
      first = false;
      return html;
    })
    .join('\n');
  return `<!-- ${summary} -->
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="${escapeHtml(charset)}">
<meta name="robots" content="noindex,nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${summary}</title>
<script>document.documentElement.className += ' js';</script>
<style>${debugStyle}</style>
</head>
<body>
<header class="exception-summary">
<div class="container">
<p class="exception-http">HTTP <span class="status-code">${flat.statusCode}</span> <span class="status-text">${escapeHtml(flat.statusText)}</span></p>
<h1 class="exception-message">${escapeHtml(flat.message)}</h1>
<p class="exception-class">${escapeHtml(flat.className)}</p>
</div>
</header>
<main class="container">
<nav class="tab-navigation">${navigation}</nav>
${body}
</main>
<script>${debugScript}</script>
</body>
</html>
`;
}

function label(tab: DebugTab): string {
  if (tab.badge === undefined) return escapeHtml(tab.label);
  return `${escapeHtml(tab.label)} <span class="badge${tab.badge.error === true ? ' status-error' : ''}">${tab.badge.count}</span>`;
}
