import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { listenerName } from '../event-dispatcher/listener.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { TemplatingBundle } from '../templating-bundle/templating-bundle.ts';
import { registerTranslator } from './register-translator.ts';
import { Args } from '../decorators/args.ts';

/** A bundle directory with a template and English and French catalogs. */
function bundleDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-translator-'));
  mkdirSync(join(dir, 'Resources', 'views'), { recursive: true });
  mkdirSync(join(dir, 'Resources', 'translations'), { recursive: true });
  writeFileSync(join(dir, 'Resources', 'views', 'when.html.twig'), '{{ "event.when"|trans }} {{ "event.seats"|trans({count: seats}) }} {{ "event.when"|trans({}, "messages", "en") }} {{ "nope"|trans }}');
  writeFileSync(join(dir, 'Resources', 'translations', 'messages.en.json'), JSON.stringify({ 'event.when': 'When', 'event.seats': '{count} seat|{count} seats' }));
  writeFileSync(join(dir, 'Resources', 'translations', 'messages.fr.json'), JSON.stringify({ 'event.when': 'Quand', 'event.seats': '{count} place|{count} places' }));
  return dir;
}

class SiteBundle extends Bundle {
  readonly #dir = bundleDir();

  override get path(): string {
    return this.#dir;
  }

  override build(kernel: Kernel): void {
    registerTranslator(kernel);
    registerTranslator(kernel); // a second bundle asking changes nothing
  }
}

class WhenController {
  @Args({ seats: String })
  whenAction(seats: string): object {
    return { seats: Number(seats) };
  }
}

function kernel(): TestKernel {
  return new TestKernel({
    bundles: [new TemplatingBundle({ paths: [] }), new SiteBundle()],
    controllers: { WhenController: new WhenController() },
    routes: [{ name: 'when', path: '/{_locale}/when/{seats}', controller: 'WhenController::whenAction', requirements: { _locale: 'en|fr' }, defaults: { _template: { template: '@Site/when.html.twig' } } }],
  });
}

describe('registerTranslator', () => {
  it('translates templates into the locale of the request, from the bundles\' catalogs', async () => {
    const k = kernel();
    assert.equal((await k.request(get('/fr/when/2'))).content, 'Quand 2 places When nope');
    assert.equal((await k.request(get('/en/when/1'))).content, 'When 1 seat When nope');
  });

  it('logs each missing message once, in channel translation', async () => {
    const k = kernel();
    await k.request(get('/fr/when/2'));
    await k.request(get('/fr/when/3'));
    assert.deepEqual(k.lines().filter((line) => line.startsWith('translation.')), ['translation.WARNING: Translation not found.']);
    assert.deepEqual(k.logs.records.find((record) => record.channel === 'translation')?.context, { id: 'nope', domain: 'messages', locale: 'fr' });
  });

  it('adds no kernel.request listener: the locale is read from the request when a message is translated', () => {
    const withTranslator = kernel();
    withTranslator.boot();
    const without = new TestKernel({ bundles: [new TemplatingBundle({ paths: [] })] });
    without.boot();
    const names = (k: TestKernel) => k.dispatcher.getListeners(KernelEvents.REQUEST).map((listener) => listenerName(listener));
    assert.deepEqual(names(withTranslator), names(without));
    assert.ok(withTranslator.container.has('translator'));
  });
});
