import '../decorators/symbol-metadata.ts';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bundle } from './bundle.ts';
import type { Kernel } from './kernel.ts';
import { controller, type BundleConfiguration } from './bundle-configuration.ts';
import { TestKernel, get } from './test-support/test-kernel.ts';
import { TemplatingBundle } from '../templating-bundle/templating-bundle.ts';
import { Route } from '../decorators/route.ts';
import { Response } from '../http/response.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';

declare module './container.ts' {
  interface ServiceMap {
    'demo.greeting': string;
  }
}

@Route('/demo')
class GreetingController {
  readonly #greeting: string;

  constructor(greeting: string) {
    this.#greeting = greeting;
  }

  @Route('/hello', { name: 'demo_hello' })
  helloAction(): Response {
    return new Response(this.#greeting);
  }
}

class PlainController {
  @Route('/plain', { name: 'demo_plain' })
  plainAction(): Response {
    return new Response('plain');
  }
}

class StampListener implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents<StampListener> {
    return { 'kernel.response': ['onKernelResponse', -1] };
  }

  onKernelResponse(event: ResponseEvent): void {
    event.response.headers.set('X-Stamp', 'demo');
  }
}

/** DemoBundle's directory: it has templates (Resources/views), so it has a namespace. */
const demoDir = mkdtempSync(join(tmpdir(), 'sluice-demo-bundle-'));
mkdirSync(join(demoDir, 'Resources', 'views', 'greeting'), { recursive: true });
writeFileSync(join(demoDir, 'Resources', 'views', 'greeting', 'hello.html.twig'), 'hello');

class DemoBundle extends Bundle {
  built: string[] = [];

  override get path(): string {
    return demoDir;
  }

  override configure(): BundleConfiguration {
    return {
      controllers: [controller(GreetingController, (container) => new GreetingController(container.get('demo.greeting'))), PlainController],
      subscribers: [new StampListener()],
      services: { 'demo.greeting': () => 'hello from a service' },
      commands: [(program) => void program.command('demo:hello')],
    };
  }

  override build(kernel: Kernel): void {
    // The configuration is applied first: its service and routes exist here.
    this.built.push(kernel.container.get('demo.greeting'), ...kernel.routes.all().keys());
  }
}

function demoKernel(bundle = new DemoBundle()): TestKernel {
  // DemoBundle comes before the TemplatingBundle: its namespace is registered once every bundle is built.
  return new TestKernel({ bundles: [bundle, new TemplatingBundle()] });
}

/** A bundle of controllers only (an API): no Resources/views. */
class ApiOnlyBundle extends Bundle {
  override get path(): string {
    return join(demoDir, 'no-such-dir');
  }

  override configure(): BundleConfiguration {
    return { controllers: [PlainController] };
  }
}

describe('A bundle\'s configuration', () => {
  after(() => rmSync(demoDir, { recursive: true, force: true }));

  it('routes to its controllers\' @Route methods, built by their factories with the declared services', async () => {
    const kernel = demoKernel();
    const hello = await kernel.request(get('/demo/hello'));
    assert.deepEqual([hello.statusCode, hello.content], [200, 'hello from a service']);
    assert.equal((await kernel.request(get('/plain'))).content, 'plain');
  });

  it('is applied before build', () => {
    const bundle = new DemoBundle();
    demoKernel(bundle).boot();
    assert.deepEqual(bundle.built, ['hello from a service', 'demo_hello', 'demo_plain']);
  });

  it('adds its subscribers to the dispatcher', async () => {
    const kernel = demoKernel();
    assert.equal((await kernel.request(get('/plain'))).headers.get('X-Stamp'), 'demo');
    assert.ok(kernel.dispatcher.getListeners('kernel.response').some((listener) => Array.isArray(listener) && listener[0] instanceof StampListener));
  });

  it('gives its controllers the bundle\'s template namespace, and adds its commands', () => {
    const kernel = demoKernel();
    kernel.boot();
    const registry = kernel.container.get('templating.controller_bundles');
    assert.deepEqual([registry.bundleOf(GreetingController), registry.bundleOf(PlainController)], ['DemoBundle', 'DemoBundle']);
    assert.equal(kernel.commands.length, 1);
    assert.ok(kernel.container.get('templating').exists('@Demo/greeting/hello.html.twig'));
  });

  it('gives no template namespace to a bundle without views: its controllers\' templates are the application\'s', () => {
    const kernel = new TestKernel({ bundles: [new ApiOnlyBundle(), new TemplatingBundle()] });
    kernel.boot();
    assert.equal(kernel.container.get('templating.controller_bundles').bundleOf(PlainController), undefined);
    const guessed = kernel.container.get('templating.guesser').guessTemplateName([new PlainController(), 'plainAction'], get('/plain'));
    assert.equal(guessed, 'plain/plain.html.twig');
  });
});
