import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { ErrorController } from './error-controller.ts';
import { HtmlErrorRenderer } from './html-error-renderer.ts';
import { ProblemJsonErrorRenderer } from './problem-json-error-renderer.ts';
import { createNearMissSection } from './near-miss-section.ts';
import { FlattenException } from './flatten-exception.ts';
import { ResourceNotFoundException } from '../routing/exception/resource-not-found-exception.ts';

/** Wires the section into the error page as the FrameworkBundle does in debug (see the function's doc). */
class NearMissBundle extends Bundle {
  override build(kernel: Kernel): void {
    const { container, config, debug } = kernel;
    const contexts = container.get('router.request_context');
    const extraSections = createNearMissSection({ router: container.get('router'), contextOf: (request) => contexts.get(request), requestStack: container.get('request_stack') });
    kernel.controllers.register(config.errorController, new ErrorController({
      html: new HtmlErrorRenderer({ debug, charset: config.charset, logger: container.find('logger.debug'), projectRoot: kernel.projectDir, extraSections }),
      json: new ProblemJsonErrorRenderer({ debug }),
    }));
  }
}

class EventController {
  showAction(id: string): Response {
    return new Response(`event ${id}`);
  }

  boomAction(): Response {
    throw new Error('boom');
  }
}

const routes = [
  { name: 'event_show', path: '/{_locale}/events/{id}', controller: 'EventController::showAction', requirements: { _locale: 'en|fr', id: '\\d+' } },
  { name: 'event_create', path: '/events/new', controller: 'EventController::showAction', methods: ['POST'] },
  { name: 'boom', path: '/boom', controller: 'EventController::boomAction' },
];

function kernel(options: { section?: boolean; debug?: boolean } = {}): TestKernel {
  return new TestKernel({ routes, controllers: { EventController: new EventController() }, debug: options.debug ?? true, bundles: options.section === false ? [] : [new NearMissBundle()] });
}

async function page(app: TestKernel, path: string, method = 'GET'): Promise<string> {
  return String((await app.request(get(path, {}, method))).content);
}

/** Each Logs-tab row as level, channel and message (times left out). */
function logRows(html: string): string[] {
  const table = /<table class="logs">([\s\S]*?)<\/table>/.exec(html)![1]!;
  return [...table.matchAll(/data-level="([A-Z]+)" data-channel="([a-z]+)">.*?<td class="log-message">([\s\S]*?)<\/td>/g)].map((m) => `${m[2]}.${m[1]} ${m[3]}`);
}

describe('The debug 404 page\'s near-miss section', () => {
  it('names the route that almost matched and why it did not', async () => {
    const html = await page(kernel(), '/en/event/1');
    const section = /<section class="near-misses"[\s\S]*?<\/section>/.exec(html)?.[0];
    assert.ok(section, 'the page has the section');
    assert.match(section, /<tr data-route="event_show"><td>event_show<\/td><td><code>\/\{_locale\}\/events\/\{id\}<\/code><\/td><td class="reason">Path &quot;\/en\/event\/1&quot; does not match: &quot;event&quot; should be &quot;events&quot;<\/td><\/tr>/);
    assert.ok(!section.includes('data-route="boom"'), 'unrelated routes are left out');
  });

  it('sits above the Logs tab', async () => {
    const html = await page(kernel(), '/en/event/1');
    assert.ok(html.indexOf('class="near-misses"') < html.indexOf('id="tab-logs"'));
  });

  it('leaves the Logs tab\'s rows as they are without it', async () => {
    const withSection = logRows(await page(kernel(), '/en/event/1'));
    const without = logRows(await page(kernel({ section: false }), '/en/event/1'));
    assert.ok(withSection.length > 10);
    assert.deepEqual(withSection, without);
  });

  it('explains a requirement that does not match', async () => {
    assert.ok((await page(kernel(), '/de/events/1')).includes('Requirement for &quot;_locale&quot; does not match (en|fr)'));
  });

  it('explains a 405 with the method the client used, not the error page\'s GET', async () => {
    assert.ok((await page(kernel(), '/events/new', 'DELETE')).includes('Method &quot;DELETE&quot; does not match any of the required methods (POST)'));
  });

  it('says so when no route comes close, naming the console command that explains each route', async () => {
    const html = await page(kernel(), '/bundles/app/images/events/missing.JPG');
    assert.ok(html.includes('None of the 3 routes comes close to <code>GET /bundles/app/images/events/missing.JPG</code>.'));
    assert.ok(html.includes('Run <code>app/bin/console router:match /bundles/app/images/events/missing.JPG</code>'));
  });

  it('is not shown for errors that are not about routing', async () => {
    assert.ok(!(await page(kernel(), '/boom')).includes('near-misses'));
  });

  it('is not shown in prod', async () => {
    const html = await page(kernel({ debug: false }), '/en/event/1');
    assert.ok(html.includes('<title>An Error Occurred: Not Found</title>'));
    assert.ok(!html.includes('near-misses') && !html.includes('event_show'));
  });

  it('explains a target once while no route has a condition, and each time once one has', async () => {
    const explained: string[] = [];
    const sectionOf = (conditions: boolean): ((path: string, method?: string) => string) => {
      const app = kernel({ section: false });
      app.boot();
      const router = app.container.get('router');
      const contexts = app.container.get('router.request_context');
      const counting = {
        explain: (pathinfo: string, context: Parameters<typeof router.explain>[1], request?: unknown) => {
          explained.push(pathinfo);
          return router.explain(pathinfo, context, request);
        },
        getRouteCollection: () => (conditions ? [['guarded', { condition: () => true }] as const] : router.getRouteCollection()),
      };
      const section = createNearMissSection({ router: counting, contextOf: (request) => contexts.get(request) });
      const flat = FlattenException.createFromThrowable(new ResourceNotFoundException('No routes.'));
      return (path, method = 'GET') => section(flat, get(path, {}, method));
    };
    const kept = sectionOf(false);
    const first = kept('/en/event/1');
    assert.match(first, /event_show/);
    assert.equal(kept('/en/event/1'), first);
    assert.deepEqual(explained, ['/en/event/1']);
    assert.notEqual(kept('/en/event/1', 'POST'), first, 'another method, another section');
    assert.match(kept('/fr/event/2'), /fr\/event\/2/);
    assert.deepEqual(explained, ['/en/event/1', '/en/event/1', '/fr/event/2']);
    assert.equal(kept('/en/event/1'), first, 'back to the first target: its kept section');
    assert.equal(kept('/en/event/1'), first, 'and again, the last target');
    assert.deepEqual(explained, ['/en/event/1', '/en/event/1', '/fr/event/2']);
    explained.length = 0;
    const guarded = sectionOf(true);
    assert.equal(guarded('/en/event/1'), first);
    guarded('/en/event/1');
    assert.deepEqual(explained, ['/en/event/1', '/en/event/1']);
  });
});
