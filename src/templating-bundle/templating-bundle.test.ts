import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { MemorySession } from '../security/test-support/memory-session.ts';
import { fixtureViews } from '../templating/test-support/fixture-loader.ts';
import { TemplatingBundle } from './templating-bundle.ts';
import { registerTemplateListener } from './register-template-listener.ts';
import { Args } from '../decorators/args.ts';

class EventController {
  @Args({ id: String })
  showAction(id: string): object {
    return { event: { id, name: `Event ${id}` } };
  }

  @Args({ id: String })
  linksAction(id: string): object {
    return { event: { id } };
  }

  @Args({ name: String })
  helloAction(name: string): void {
    void name;
  }
}

/** The fixture bundle: its views are `@App`, and it says EventController is one of its controllers. */
class AppBundle extends Bundle {
  override get path(): string {
    return join(fixtureViews, 'app-bundle');
  }

  override build(kernel: Kernel): void {
    kernel.container.get('templating.controller_bundles').register(this, EventController);
    registerTemplateListener(kernel);
  }
}

function kernel(): TestKernel {
  return new TestKernel({
    bundles: [new TemplatingBundle({ paths: [join(fixtureViews, 'templates')] }), new AppBundle()],
    controllers: { EventController: new EventController() },
    routes: [
      { name: 'event_show', path: '/events/{id}', controller: 'EventController::showAction', defaults: { _template: {} } },
      { name: 'event_links', path: '/events/{id}/links', controller: 'EventController::linksAction', defaults: { _template: {} } },
      { name: 'hello', path: '/hello/{name}', controller: 'EventController::helloAction', defaults: { _template: { template: '@App/hello.html.twig' } } },
    ],
  });
}

describe('TemplatingBundle', () => {
  it('renders the guessed bundle template of a controller through the kernel', async () => {
    const response = await kernel().request(get('/events/7'));
    assert.equal(response.statusCode, 200);
    assert.equal(response.content, '<!DOCTYPE html>\n<title>Event 7</title>\n<main><h1>Event 7</h1>\n</main>\n');
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=UTF-8');
  });

  it('renders the action\'s arguments when the controller returns nothing', async () => {
    assert.equal((await kernel().request(get('/hello/Ada'))).content, 'Hello Ada!\n');
  });

  it('gives templates path, url, asset, app.request and csrf_token', async () => {
    const request = get('/events/3/links');
    request.session = new MemorySession();
    const response = await kernel().request(request);
    assert.equal(response.content, '/events/3|http://localhost/events/3|/bundles/app/images/events/opening.JPG|GET|token\n');
  });

  it('logs TemplateListener once on kernel.controller, last', async () => {
    const k = kernel();
    await k.request(get('/events/1'));
    const lines = k.lines().filter((line) => line.includes('"kernel.controller"'));
    assert.equal(lines.at(-1), 'event.DEBUG: Notified event "kernel.controller" to listener "TemplateListener::onKernelController".');
    assert.equal(lines.filter((line) => line.includes('TemplateListener')).length, 1);
  });

  it('turns a template error into a 500 naming the template', async () => {
    const k = new TestKernel({
      bundles: [new TemplatingBundle({ paths: [join(fixtureViews, 'templates')] })],
      controllers: { EventController: new EventController() },
      routes: [{ name: 'broken', path: '/broken', controller: 'EventController::linksAction', defaults: { _template: { template: 'broken/syntax.html.twig' }, id: '1' } }],
    });
    const response = await k.request(get('/broken'));
    assert.equal(response.statusCode, 500);
    assert.ok(k.lines().some((line) => line.includes('TemplateError: "Unable to find closing bracket') && line.includes('in "broken/syntax.html.twig" at line 2.')));
  });
});
