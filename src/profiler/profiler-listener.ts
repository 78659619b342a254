import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import type { TerminateEvent } from '../event/terminate-event.ts';
import { Priority } from '../event-listener/priorities.ts';
import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { ProfiledRequest } from './data-collector/data-collector.ts';
import type { Profile } from './profile.ts';
import type { Profiler } from './profiler.ts';

export interface ProfilerListenerOptions {
  /** Requests that are never profiled; by default the profiler's own pages (`/_profiler...`). */
  readonly exclude?: (request: Request) => boolean;
  /** Profile main requests only, not their sub-requests. */
  readonly onlyMainRequests?: boolean;
}

// The raw path: a malformed percent-encoding must not break the error page of its own 400.
const profilerPages = (request: Request): boolean => request.rawPath === '/_profiler' || request.rawPath.startsWith('/_profiler/');

/**
 * Profiles each request: remembers the error kernel.exception handled, collects a profile
 * when the response is ready (main and sub-requests alike: a 404's error page gets one),
 * and once the response was sent links each sub-request's profile to its parent's,
 * completes them all and saves them.
 */
export class ProfilerListener implements EventSubscriber {
  readonly #profiler: Profiler;
  readonly #requestStack: RequestStack<Request>;
  readonly #exclude: (request: Request) => boolean;
  readonly #onlyMainRequests: boolean;
  readonly #exceptions = new WeakMap<Request, Error>();
  readonly #profiles = new WeakMap<Request, Profile>();
  /** Sub-requests profiled while handling a request, in the order their responses were ready. */
  readonly #children = new WeakMap<Request, Request[]>();

  constructor(profiler: Profiler, requestStack: RequestStack<Request>, options: ProfilerListenerOptions = {}) {
    this.#profiler = profiler;
    this.#requestStack = requestStack;
    this.#exclude = options.exclude ?? profilerPages;
    this.#onlyMainRequests = options.onlyMainRequests ?? false;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.EXCEPTION]: ['onKernelException', 0],
      [KernelEvents.RESPONSE]: ['onKernelResponse', Priority.PROFILER_RESPONSE],
      [KernelEvents.TERMINATE]: ['onKernelTerminate', Priority.PROFILER_TERMINATE],
    };
  }

  /** The profile collected for a request whose response is being finished (for the toolbar). */
  profileOf(request: Request): Profile | undefined {
    return this.#profiles.get(request);
  }

  /** Keeps the error for the profiles collected next: the error page's and the request's own. */
  onKernelException(event: ExceptionEvent): void {
    if (this.#onlyMainRequests && !event.isMainRequest()) return;
    this.#exceptions.set(event.request, event.throwable);
  }

  onKernelResponse(event: ResponseEvent): void {
    const request = event.request;
    if (this.#onlyMainRequests && !event.isMainRequest()) return;
    if (this.#exclude(request)) return;
    const parent = event.isMainRequest() ? undefined : this.#requestStack.getParentRequest();
    const exception = this.#exceptions.get(request) ?? (parent === undefined ? undefined : this.#exceptions.get(parent));
    const profile = this.#profiler.collect(request, event.response, exception, event.isMainRequest());
    if (profile === undefined) return;
    this.#profiles.set(request, profile);
    if (parent !== undefined) {
      const siblings = this.#children.get(parent);
      if (siblings === undefined) this.#children.set(parent, [request]);
      else siblings.push(request);
    }
  }

  async onKernelTerminate(event: TerminateEvent): Promise<void> {
    const main = event.request;
    const profile = this.#profiles.get(main);
    if (profile === undefined) return;
    const tree = this.#tree(main, profile);
    await this.#profiler.lateCollect(tree[0]!, tree, true);
    for (const sub of tree.slice(1)) await this.#profiler.lateCollect(sub, [sub], false);
    for (const { request } of tree) {
      this.#profiles.delete(request);
      this.#children.delete(request);
      this.#exceptions.delete(request);
    }
    await Promise.all(tree.map(({ profile: each }) => this.#profiler.saveProfile(each)));
  }

  /** The request and its profiled sub-requests, depth first, each profile linked to its parent's. */
  #tree(request: Request, profile: Profile): ProfiledRequest[] {
    const tree: ProfiledRequest[] = [{ request, profile }];
    for (const child of this.#children.get(request) ?? []) {
      const childProfile = this.#profiles.get(child);
      if (childProfile === undefined) continue;
      profile.addChild(childProfile);
      tree.push(...this.#tree(child, childProfile));
    }
    return tree;
  }
}
