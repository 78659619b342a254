import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestStack } from '../http/request-stack.ts';
import { RequestEvent } from '../event/request-event.ts';
import { FinishRequestEvent } from '../event/finish-request-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { RequestContextStore } from './request-context-store.ts';
import { LocaleListener, type LocaleListenerOptions } from './locale-listener.ts';
import { Args } from '../decorators/args.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

function setup(options: LocaleListenerOptions = {}): { listener: LocaleListener; stack: RequestStack<Request>; contexts: RequestContextStore } {
  const stack = new RequestStack<Request>();
  const contexts = new RequestContextStore(stack);
  return { listener: new LocaleListener(stack, contexts, options), stack, contexts };
}

const event = (request: Request, type: RequestType = RequestType.MAIN) => new RequestEvent(kernel, request, type);

describe('LocaleListener', () => {
  it('gives every request the configured default locale first', () => {
    const { listener } = setup({ defaultLocale: 'fr' });
    const request = Request.create('/');
    listener.setDefaultLocale(event(request));
    assert.equal(request.defaultLocale, 'fr');
    assert.equal(request.getLocale(), 'fr');
  });

  it('sets the request locale from the _locale route attribute, and the routing context\'s _locale', () => {
    const { listener, contexts } = setup();
    const request = Request.create('/fr/events', 'GET', { attributes: { _locale: 'fr' } });
    listener.onKernelRequest(event(request));
    assert.equal(request.locale, 'fr');
    assert.equal(contexts.get(request).parameters._locale, 'fr');
  });

  it('builds no routing context for a request that has none yet: the one built later has the locale', () => {
    const { listener, contexts } = setup();
    const request = Request.create('/fr/events', 'GET', { attributes: { _locale: 'fr' } });
    listener.onKernelRequest(event(request));
    assert.equal(contexts.peek(request), undefined);
    assert.equal(contexts.get(request).parameters._locale, 'fr');
  });

  it('updates a routing context already built', () => {
    const { listener, contexts } = setup();
    const request = Request.create('/fr/events', 'GET', { attributes: { _locale: 'fr' } });
    assert.equal(contexts.get(request).parameters._locale, 'en');
    listener.onKernelRequest(event(request));
    assert.equal(contexts.peek(request)?.parameters._locale, 'fr');
  });

  it('gives the routing context the default locale when the route names none', () => {
    const { listener, contexts } = setup({ defaultLocale: 'de' });
    const request = Request.create('/');
    listener.setDefaultLocale(event(request));
    listener.onKernelRequest(event(request));
    assert.equal(request.locale, undefined);
    assert.equal(contexts.get(request).parameters._locale, 'de');
  });

  it('negotiates among the enabled locales from Accept-Language, when asked to', () => {
    const { listener } = setup({ enabledLocales: ['en', 'fr'], useAcceptLanguageHeader: true });
    const request = Request.create('/', 'GET', { headers: { 'accept-language': 'de;q=0.9, fr-CA;q=0.8, en;q=0.5' } });
    listener.onKernelRequest(event(request));
    assert.equal(request.locale, 'fr');
  });

  it('lets the route attribute win over Accept-Language', () => {
    const { listener } = setup({ enabledLocales: ['en', 'fr'], useAcceptLanguageHeader: true });
    const request = Request.create('/', 'GET', { headers: { 'accept-language': 'fr' }, attributes: { _locale: 'en' } });
    listener.onKernelRequest(event(request));
    assert.equal(request.locale, 'en');
  });

  it('gives the parent request\'s locale back to its routing context when a sub-request finishes', () => {
    const { listener, stack, contexts } = setup();
    const main = Request.create('/fr/events', 'GET', { attributes: { _locale: 'fr' } });
    const sub = Request.create('/de/fragment', 'GET', { attributes: { _locale: 'de' } });
    stack.runMain(main, () => {
      listener.onKernelRequest(event(main));
      stack.push(sub);
      listener.onKernelRequest(event(sub, RequestType.SUB));
      contexts.set(main, contexts.get(main).withParameter('_locale', 'de'));
      listener.onKernelFinishRequest(new FinishRequestEvent(kernel, sub, RequestType.SUB));
      stack.pop();
    });
    assert.equal(contexts.get(main).parameters._locale, 'fr');
    assert.equal(contexts.get(sub).parameters._locale, 'de');
  });

  it('changes nothing when the main request finishes: it has no parent', () => {
    const { listener, stack, contexts } = setup();
    const main = Request.create('/', 'GET', { attributes: { _locale: 'fr' } });
    stack.runMain(main, () => {
      listener.onKernelRequest(event(main));
      listener.onKernelFinishRequest(new FinishRequestEvent(kernel, main, RequestType.MAIN));
    });
    assert.equal(contexts.get(main).parameters._locale, 'fr');
  });
});

describe('LocaleListener, through the kernel', () => {
  class PageController {
    constructor(private readonly kernel: () => TestKernel) {}
    @Args({ request: Request })
    showAction(request: Request): Response {
      const context = this.kernel().container.get('router.request_context').current();
      return new Response(`${request.getLocale()} ${context.parameters._locale}`);
    }
    @Args({ request: Request })
    async nestedAction(request: Request): Promise<Response> {
      const app = this.kernel();
      const sub = await app.handle(Request.create('/de/page'), RequestType.SUB);
      const context = app.container.get('router.request_context').current();
      return new Response(`${sub.content} / ${request.getLocale()} ${context.parameters._locale}`);
    }
  }

  function app(): TestKernel {
    const kernelApp: TestKernel = new TestKernel({
      routes: [
        { name: 'page', path: '/{_locale}/page', controller: 'PageController::showAction', requirements: { _locale: 'en|fr|de' } },
        { name: 'nested', path: '/{_locale}/nested', controller: 'PageController::nestedAction', requirements: { _locale: 'en|fr|de' } },
        { name: 'home', path: '/', controller: 'PageController::showAction' },
      ],
      controllers: { PageController: new PageController(() => kernelApp) },
      config: { defaultLocale: 'en' },
    });
    return kernelApp;
  }

  it('serves a localized route in its locale, the routing context included', async () => {
    assert.equal((await app().request(get('/fr/page'))).content, 'fr fr');
  });

  it('serves a route without _locale in the default locale', async () => {
    assert.equal((await app().request(get('/'))).content, 'en en');
  });

  it('keeps the main request\'s locale after a sub-request in another locale', async () => {
    assert.equal((await app().request(get('/fr/nested'))).content, 'de de / fr fr');
  });
});

describe('Request.getPreferredLanguage', () => {
  const preferred = (header: string | undefined, locales?: string[]) =>
    Request.create('/', 'GET', { headers: header === undefined ? {} : { 'accept-language': header } }).getPreferredLanguage(locales);

  it('follows q-values, not the order written', () => {
    assert.equal(preferred('en;q=0.3, fr;q=0.9', ['en', 'fr']), 'fr');
  });

  it('matches a regional variant by its language', () => {
    assert.equal(preferred('fr-CA', ['en', 'fr']), 'fr');
    assert.equal(preferred('fr', ['en', 'fr_FR']), 'fr_FR');
  });

  it('prefers an exact match over a language match', () => {
    assert.equal(preferred('fr-CA, fr;q=0.9', ['fr', 'fr_CA']), 'fr_CA');
  });

  it('falls back to the first locale without a header or a match', () => {
    assert.equal(preferred(undefined, ['en', 'fr']), 'en');
    assert.equal(preferred('ja', ['en', 'fr']), 'en');
  });

  it('gives the client\'s first language when no locales are offered', () => {
    assert.equal(preferred('de-AT, en;q=0.5'), 'de_AT');
  });
});
