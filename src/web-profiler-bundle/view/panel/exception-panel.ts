import type { Profile } from '../../../profiler/profile.ts';
import type { ExceptionData } from '../../../profiler/data-collector/exception-data-collector.ts';
import { escapeHtml } from '../../../support/html-escape.ts';
import type { Panel } from './panel.ts';

/** Exception: the error kernel.exception handled, its causes and their stack frames. */
export const exceptionPanel: Panel = {
  id: 'exception',
  label: 'Exception',
  count(profile: Profile) {
    const data = profile.getCollector<ExceptionData | null>('exception');
    return data === null || data === undefined ? undefined : { value: data.chain.length, status: 'status-error' };
  },
  render(profile: Profile): string {
    const data = profile.getCollector<ExceptionData | null>('exception');
    if (data === null || data === undefined) return '<h2>Exception</h2><p class="empty">No exception was thrown and caught while handling this request.</p>';
    const chain = data.chain
      .map((e, i) => `<section class="exception" data-class="${escapeHtml(e.class)}">
<h3>${i === 0 ? '' : 'Caused by: '}${escapeHtml(e.class)}</h3>
<p class="exception-message">${escapeHtml(e.message)}</p>
<p>in <code>${escapeHtml(e.file)}</code> line ${e.line}</p>
<table class="trace"><tbody>
${e.trace.map((frame) => `<tr><td><code>${escapeHtml(frame.function === '' ? '(top level)' : frame.function)}</code></td><td>${escapeHtml(frame.file)}:${frame.line}</td></tr>`).join('\n')}
</tbody></table>
</section>`)
      .join('\n');
    return `<h2>Exception</h2>
<div class="metrics"><div class="metric"><span class="value status-error">${data.statusCode}</span><span class="label">${escapeHtml(data.statusText)}</span></div></div>
${chain}
<h3>As text</h3>
<pre class="stacktrace">${escapeHtml(data.text)}</pre>`;
  },
};
