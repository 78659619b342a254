import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { FinishRequestEvent } from '../event/finish-request-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { Request } from '../http/request.ts';
import type { RequestContextStore } from './request-context-store.ts';
import { Priority } from './priorities.ts';

export interface LocaleListenerOptions {
  defaultLocale?: string;
  /** When set, a request without `_locale` negotiates among these from Accept-Language. */
  enabledLocales?: readonly string[];
  useAcceptLanguageHeader?: boolean;
}

/**
 * Sets the request's default locale early (100), then, after routing (16), its locale
 * from the `_locale` route attribute, and hands it to the routing context so generated
 * URLs keep it. When a sub-request finishes, the parent's locale goes back.
 */
export class LocaleListener implements EventSubscriber {
  readonly #requestStack: RequestStack<Request>;
  readonly #contexts: RequestContextStore | undefined;
  readonly #defaultLocale: string;
  readonly #enabledLocales: readonly string[];
  readonly #useAcceptLanguage: boolean;

  constructor(requestStack: RequestStack<Request>, contexts?: RequestContextStore, options: LocaleListenerOptions = {}) {
    this.#requestStack = requestStack;
    this.#contexts = contexts;
    this.#defaultLocale = options.defaultLocale ?? 'en';
    this.#enabledLocales = options.enabledLocales ?? [];
    this.#useAcceptLanguage = options.useAcceptLanguageHeader ?? false;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.REQUEST]: [['setDefaultLocale', Priority.LOCALE_DEFAULT], ['onKernelRequest', Priority.LOCALE_REQUEST]],
      [KernelEvents.FINISH_REQUEST]: 'onKernelFinishRequest',
    };
  }

  setDefaultLocale(event: RequestEvent): void {
    event.request.defaultLocale = this.#defaultLocale;
  }

  onKernelRequest(event: RequestEvent): void {
    const request = event.request;
    const locale = request.attributes.get('_locale');
    if (typeof locale === 'string' && locale !== '') {
      request.locale = locale;
    } else if (this.#useAcceptLanguage && request.locale === undefined) {
      const preferred = request.getPreferredLanguage(this.#enabledLocales);
      if (preferred !== undefined) request.locale = preferred;
    }
    this.#setRouterLocale(request);
  }

  onKernelFinishRequest(_event: FinishRequestEvent): void {
    const parent = this.#requestStack.getParentRequest();
    if (parent !== undefined) this.#setRouterLocale(parent);
  }

  #setRouterLocale(request: Request): void {
    if (this.#contexts === undefined) return;
    // A request whose context is not built yet gets the locale when it is (it is built
    // from the request, on first use): the error sub-request of a prod 404 never needs one.
    const context = this.#contexts.peek(request);
    if (context === undefined) return;
    const locale = request.getLocale();
    // Contexts are immutable: copy only when the locale really changes.
    if (context.parameters._locale !== locale) this.#contexts.set(request, context.withParameter('_locale', locale));
  }
}
