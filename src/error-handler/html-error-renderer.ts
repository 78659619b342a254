import type { Request } from '../http/request.ts';
import type { LogRecord } from '../log/log-record.ts';
import { getProjectRoot } from '../log/throwable-location.ts';
import type { ErrorRenderer, RenderedError } from './error-renderer.ts';
import { chainHead, FlattenException, statusCodeOf, statusTextOf, traceText, withHeadersOf } from './flatten-exception.ts';
import type { StackFrame } from './stack-frames.ts';
import { renderDebugPage, type DebugTab } from './html/debug-page.ts';
import { escapeHtml } from '../support/html-escape.ts';
import { renderErrorPage } from './html/error-page.ts';
import { renderExceptionBlock } from './html/exception-block.ts';
import { renderLogsTable } from './html/logs-table.ts';

/** What the Logs tab reads: the DebugLogger, or anything keeping records per request. */
export interface DebugLogReader {
  getLogs(request?: object): readonly LogRecord[];
  countErrors(request?: object): number;
}

export interface HtmlErrorRendererOptions {
  /** Show the exception, its trace and the logs; without it, a plain page with the status only. */
  readonly debug: boolean;
  readonly charset?: string;
  /** Adds the Logs tab (debug only). */
  readonly logger?: DebugLogReader | undefined;
  /** Paths are shown relative to it, and only files under it show their source. The log layer's root by default. */
  readonly projectRoot?: string | undefined;
  /** HTML placed above the Logs tab (debug only), e.g. the routes that almost matched. */
  readonly extraSections?: ((flat: FlattenException, request: Request | undefined) => string) | undefined;
}

/**
 * Renders an uncaught error as an HTML page: in debug, everything a developer needs to
 * find the cause; otherwise a plain page that tells the visitor only the status.
 */
export class HtmlErrorRenderer implements ErrorRenderer {
  readonly #debug: boolean;
  readonly #charset: string;
  // One flat string for every page: one made per render is a V8 cons string, which the
  // regular expressions checking it (Response#prepare, the transport's header check) flatten first.
  readonly #contentType: string;
  readonly #logger: DebugLogReader | undefined;
  readonly #projectRoot: string | undefined;
  readonly #extraSections: HtmlErrorRendererOptions['extraSections'];
  // Every 404 in prod goes through here: one page per status, built once.
  readonly #plainPages = new Map<number, string>();
  // The last status's page, answered before the map: a site's errors come in runs of one status.
  #lastStatus = 0;
  #lastPage = '';

  constructor(options: HtmlErrorRendererOptions) {
    this.#debug = options.debug;
    this.#charset = options.charset ?? 'UTF-8';
    this.#contentType = flatString(`text/html; charset=${this.#charset}`);
    this.#logger = options.logger;
    this.#projectRoot = options.projectRoot;
    this.#extraSections = options.extraSections;
  }

  render(error: Error, request?: Request): RenderedError {
    const contentType = { 'Content-Type': this.#contentType };
    if (!this.#debug) {
      // the plain page needs the status alone: the error is flattened only if asked for
      const statusCode = statusCodeOf(error);
      const statusText = statusTextOf(statusCode);
      return new PlainRenderedError(error, statusCode, statusText, withHeadersOf(error, contentType), this.#plainPage(statusCode, statusText));
    }
    const flat = FlattenException.createFromThrowable(error, undefined, contentType);
    return { statusCode: flat.statusCode, statusText: flat.statusText, headers: { ...flat.headers }, body: this.#renderDebugPage(flat, request), flat };
  }

  /** The prod page for a status. Override to brand it; the result is cached per status. */
  protected renderPlainPage(statusCode: number, statusText: string, charset: string): string {
    return renderErrorPage(statusCode, statusText, charset);
  }

  #plainPage(statusCode: number, statusText: string): string {
    if (statusCode === this.#lastStatus) return this.#lastPage;
    let page = this.#plainPages.get(statusCode);
    if (page === undefined) {
      page = flatString(this.renderPlainPage(statusCode, statusText, this.#charset));
      this.#plainPages.set(statusCode, page);
    }
    this.#lastStatus = statusCode;
    this.#lastPage = page;
    return page;
  }

  #renderDebugPage(flat: FlattenException, request: Request | undefined): string {
    const projectRoot = this.#projectRoot ?? getProjectRoot();
    const chain = flat.getChain();
    const many = chain.length > 1;
    const sections: (DebugTab | string)[] = [
      {
        id: 'tab-exceptions',
        label: many ? 'Exceptions' : 'Exception',
        badge: many ? { count: chain.length } : undefined,
        content: exceptionBlocks(chain, projectRoot),
      },
    ];
    const extra = this.#extraSections?.(flat, request) ?? '';
    if (extra !== '') sections.push(`<div class="extra-sections">${extra}</div>`);
    if (this.#logger !== undefined) {
      // Read now, inside the error sub-request: the main request's records, then the sub-request's so far.
      const errors = this.#logger.countErrors();
      sections.push({
        id: 'tab-logs',
        label: 'Logs',
        badge: errors > 0 ? { count: errors, error: true } : undefined,
        content: renderLogsTable(this.#logger.getLogs()),
      });
    }
    sections.push({
      id: 'tab-stack-traces',
      label: many ? 'Stack Traces' : 'Stack Trace',
      badge: many ? { count: chain.length } : undefined,
      content: `<pre class="stacktrace">${escapedChainText(chain)}</pre>`,
    });
    return renderDebugPage(flat, this.#charset, sections);
  }
}

/**
 * The chain's blocks, one per line. Put together piece by piece rather than joined: a join
 * copies the blocks into one new string, which the page's own flattening copies again.
 */
function exceptionBlocks(chain: readonly FlattenException[], projectRoot: string): string {
  let html = '';
  for (let i = 0; i < chain.length; i++) html += `${i === 0 ? '' : '\n'}${renderExceptionBlock(chain[i]!, i, chain.length, projectRoot)}`;
  return html;
}

// A trace's escaped `at` lines, kept with its frames (shared by the errors of one place).
const escapedTraces = new WeakMap<readonly StackFrame[], string>();

/**
 * `escapeHtml(flat.getAsString())`, put together from each exception's escaped head and its
 * trace's escaped lines: escaping replaces characters one by one and leaves newlines, so
 * the pieces escaped apart join into the same text.
 */
function escapedChainText(chain: readonly FlattenException[]): string {
  let text = '';
  for (let index = 0; index < chain.length; index++) {
    const e = chain[index]!;
    if (index > 0) text += '\n';
    text += escapeHtml(chainHead(e, index));
    const trace = e.trace;
    if (trace.length === 0) continue;
    let escaped = escapedTraces.get(trace);
    if (escaped === undefined) {
      escaped = escapeHtml(traceText(trace));
      escapedTraces.set(trace, escaped);
    }
    text += `\n${escaped}`;
  }
  return text;
}

/**
 * The same text as one flat string. A page built by concatenation is a tree of pieces
 * (a V8 cons string), even once flattened; `Buffer.byteLength`'s fast path takes only a
 * flat one, so every 404 sent the cached page through the slow one for its Content-Length.
 */
function flatString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The prod page of an error: its FlattenException made only when read. */
class PlainRenderedError implements RenderedError {
  readonly #error: Error;
  #flat: FlattenException | undefined;

  constructor(
    error: Error,
    readonly statusCode: number,
    readonly statusText: string,
    readonly headers: Record<string, string>,
    readonly body: string,
  ) {
    this.#error = error;
  }

  get flat(): FlattenException {
    return (this.#flat ??= FlattenException.createFromThrowable(this.#error, this.statusCode, this.headers));
  }
}
