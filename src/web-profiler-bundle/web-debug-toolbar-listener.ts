import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { Priority } from '../event-listener/priorities.ts';
import { BinaryFileResponse } from '../http/binary-file-response.ts';
import type { Request } from '../http/request.ts';
import { byteLengthOf, type Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { Profile } from '../profiler/profile.ts';
import { renderToolbar } from './view/toolbar.ts';

export interface WebDebugToolbarListenerOptions {
  /** The profile collected for a request (the ProfilerListener keeps it until terminate). */
  readonly profileOf: (request: Request) => Profile | undefined;
  /** Injects the toolbar (default true); `X-Debug-Token-Link` is set either way. */
  readonly toolbar?: boolean;
  /** Whether this client may open the profiler: no toolbar (a dead link) for others. */
  readonly isAllowed?: (request: Request) => boolean;
}

/**
 * Links each profiled response to its profile (`X-Debug-Token-Link`) and, for the HTML
 * page of a main request, injects the debug toolbar before the last `</body>`. Left alone:
 * redirects, XHR, attachments, non-HTML and streamed bodies.
 */
export class WebDebugToolbarListener implements EventSubscriber {
  readonly #profileOf: (request: Request) => Profile | undefined;
  readonly #toolbar: boolean;
  readonly #isAllowed: (request: Request) => boolean;

  constructor(options: WebDebugToolbarListenerOptions) {
    this.#profileOf = options.profileOf;
    this.#toolbar = options.toolbar ?? true;
    this.#isAllowed = options.isAllowed ?? (() => true);
  }

  #allowed(request: Request): boolean {
    try {
      return this.#isAllowed(request);
    } catch {
      return false; // conflicting proxy headers: the client is unknown
    }
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: ['onKernelResponse', Priority.TOOLBAR_RESPONSE] };
  }

  onKernelResponse(event: ResponseEvent): void {
    const { request, response } = event;
    const token = response.headers.get('X-Debug-Token');
    if (token === undefined) return;
    response.headers.set('X-Debug-Token-Link', profileLink(request, token));
    if (!event.isMainRequest() || !this.#toolbar || request.isXmlHttpRequest() || !this.#allowed(request)) return;
    if (!isHtmlPage(request, response)) return;
    const profile = this.#profileOf(request);
    if (profile !== undefined) inject(response, renderToolbar(profile, `/_profiler/${token}`));
  }
}

/** Absolute when the request names a valid host; the 400 page of a forged Host links relatively. */
function profileLink(request: Request, token: string): string {
  try {
    const host = request.httpHost;
    if (host !== '') return `${request.scheme}://${host}/_profiler/${token}`;
  } catch {
    // an invalid or untrusted Host: the error page of that very request is being finished
  }
  return `/_profiler/${token}`;
}

function isHtmlPage(request: Request, response: Response): boolean {
  if (response.isRedirection() || response instanceof StreamedResponse || response instanceof BinaryFileResponse) return false;
  const type = response.headers.get('Content-Type');
  if (type !== undefined && !type.toLowerCase().includes('html')) return false;
  if ((response.headers.get('Content-Disposition') ?? '').toLowerCase().startsWith('attachment')) return false;
  return request.getRequestFormat() === 'html';
}

function inject(response: Response, toolbar: string): void {
  const content = response.content;
  const html = typeof content === 'string' ? content : content.toString('utf8');
  const at = lastClosingBody(html);
  if (at === -1) return;
  response.content = `${html.slice(0, at)}${toolbar}${html.slice(at)}`;
  // ResponseListener (priority 0) already prepared the response: keep its length true. The
  // page's own length is the one ResponseListener measured (remembered), and the toolbar
  // goes in before a `<`, between two characters: the lengths add up, and the joined page
  // is not measured through again.
  if (response.headers.has('Content-Length')) response.headers.set('Content-Length', byteLengthOf(html) + Buffer.byteLength(toolbar));
}

/**
 * Where the last `</body>` starts, in any letter case; -1 when there is none. Searched
 * backwards from the end, where it is, rather than in a lower-cased copy of the whole page.
 */
function lastClosingBody(html: string): number {
  for (let at = html.lastIndexOf('</'); at !== -1; at = at === 0 ? -1 : html.lastIndexOf('</', at - 1)) {
    if (html.length - at >= closingBody.length && html.slice(at + 2, at + closingBody.length).toLowerCase() === 'body>') return at;
  }
  return -1;
}

const closingBody = '</body>';
