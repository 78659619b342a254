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
  let navigation = '';
  let body = '';
  let first = true;
  // Put together piece by piece rather than joined: a join copies the tabs (the exceptions'
  // sources, the logs) into a new string, which the page's own flattening copies again.
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i]!;
    if (i > 0) body += '\n';
    if (typeof section === 'string') {
      body += section;
      continue;
    }
    navigation += `<a href="#${section.id}"${first ? ' class="active"' : ''}>${label(section)}</a>`;
    body += `<section class="tab-panel${first ? ' active' : ''}" id="${section.id}">
<h2 class="tab-title">${label(section)}</h2>
${section.content}
</section>`;
    first = false;
  }
  return `${pageHead(flat, charset)}
<nav class="tab-navigation">${navigation}</nav>
${body}
</main>
<script>${debugScript}</script>
</body>
</html>
`;
}

interface PageHead {
  readonly message: string;
  readonly statusCode: number;
  readonly statusText: string;
  readonly className: string;
  readonly charset: string;
  readonly html: string;
}

// The last page's head: the same missing URL asked again names the same error.
let lastHead: PageHead | undefined;

/** The comment, the head and the red summary, up to the tabs: they name the error only. */
function pageHead(flat: FlattenException, charset: string): string {
  const { message, statusCode, statusText, className } = flat;
  const kept = lastHead;
  if (kept !== undefined && kept.statusCode === statusCode && kept.message === message && kept.className === className && kept.statusText === statusText && kept.charset === charset) return kept.html;
  const summary = escapeHtml(`${message} (${statusCode} ${statusText})`);
  const html = `<!-- ${summary} -->
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
<p class="exception-http">HTTP <span class="status-code">${statusCode}</span> <span class="status-text">${escapeHtml(statusText)}</span></p>
<h1 class="exception-message">${escapeHtml(message)}</h1>
<p class="exception-class">${escapeHtml(className)}</p>
</div>
</header>
<main class="container">`;
  lastHead = { message, statusCode, statusText, className, charset, html };
  return html;
}

function label(tab: DebugTab): string {
  if (tab.badge === undefined) return escapeHtml(tab.label);
  return `${escapeHtml(tab.label)} <span class="badge${tab.badge.error === true ? ' status-error' : ''}">${tab.badge.count}</span>`;
}
