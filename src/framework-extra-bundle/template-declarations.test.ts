import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FrameworkExtraBundle } from './framework-extra-bundle.ts';
import { TemplatingBundle } from '../templating-bundle/templating-bundle.ts';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Route } from '../decorators/route.ts';
import { Template } from '../decorators/template.ts';
import { Args } from '../decorators/args.ts';
import { eventMetadata, fixtures, TestEvent } from '../persistence/test-support/event-fixture.ts';

@Route('/events')
class EventController {
  @Route('/{id}', { name: 'event_show' })
  @Template('event/show.html.twig')
  @Args({ event: TestEvent })
  showAction(event: TestEvent) {
    void event;
  }
}

class EntitiesBundle extends Bundle {
  override build(kernel: Kernel): void {
    kernel.container.get('entity_manager').register(TestEvent, eventMetadata('events'));
  }
}

const templates = mkdtempSync(join(tmpdir(), 'sluice-templates-'));
mkdirSync(join(templates, 'event'));
writeFileSync(join(templates, 'event', 'show.html.twig'), '<h1>{{ event.title }}</h1>\n');

/** `@Template` declarations reach TemplateListener through ControllerListener's `_template`. */
describe('@Template on decorated controllers, with the TemplatingBundle', () => {
  const kernel = new TestKernel({
    bundles: [new FrameworkExtraBundle({ controllers: [EventController], database: 'sqlite::memory:' }), new EntitiesBundle(), new TemplatingBundle({ paths: [templates] })],
  });

  before(async () => {
    kernel.boot();
    const entities = kernel.container.get('entity_manager');
    await entities.createSchema();
    for (const event of fixtures) await entities.connection.repository(entities.getMetadata(TestEvent)).insert(event);
  });

  it('renders the declared template with the converted entity, when the controller returns nothing', async () => {
    const response = await kernel.request(get('/events/42'));
    assert.deepEqual([response.statusCode, response.content], [200, '<h1>Jazz night</h1>\n']);
  });
});
