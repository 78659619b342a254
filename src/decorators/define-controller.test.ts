import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defineController } from './define-controller.ts';
import { controllerMetadata } from './controller-metadata.ts';
import { Cache } from './cache.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';

class Event {}

const EventController = defineController(
  class EventController {
    showAction(event: Event) { return event; }
    listAction() { return []; }
  },
  {
    class: { route: { path: '/events' }, isGranted: { attributes: 'ROLE_USER' } },
    methods: {
      showAction: {
        route: { path: '/{id}', name: 'app_event_show' },
        cache: { maxage: '1 hour' },
        template: 'event/show.html.twig',
        entities: [{ name: 'event', class: Event }],
        args: { event: Event },
      },
      listAction: { route: [{ path: '' }, { path: '/all' }], converters: [{ name: 'since', class: Date, options: { format: 'Y-m-d' } }], args: { page: Number } },
    },
  },
);

describe('defineController (declarations as plain objects)', () => {
  it('records the same class-level declarations as the decorators', () => {
    const metadata = controllerMetadata([new EventController(), 'showAction'])!;
    assert.deepEqual(metadata.class.map((c) => [c.alias, c.value]), [['route', { path: '/events' }], ['is_granted', { attributes: 'ROLE_USER' }]]);
  });

  it('records method declarations in the order given', () => {
    const metadata = controllerMetadata([new EventController(), 'showAction'])!;
    assert.deepEqual(metadata.method.map((c) => c.alias), ['route', 'cache', 'template', 'converters']);
    assert.deepEqual(metadata.method[2]!.value, { template: 'event/show.html.twig' });
    const entity = metadata.method[3]!;
    assert.ok(entity.alias === 'converters');
    assert.deepEqual([entity.value.annotation, entity.value.converter], ['Entity', 'entity']);
  });

  it('accepts several routes for one method', () => {
    assert.equal(controllerMetadata([new EventController(), 'listAction'])!.method.filter((c) => c.alias === 'route').length, 2);
  });

  it('declares the classes of converted parameters', () => {
    assert.equal(argumentMetadataFor([new EventController(), 'showAction'])[0]!.type, Event);
  });

  it('names a method that does not exist', () => {
    assert.throws(() => defineController(class Empty {}, { methods: { showAction: {} } }), /defineController\(Empty\): there is no method "showAction"/);
  });

  it('adds to the declarations of a decorated class', () => {
    class MixedController {
      @Cache({ maxage: 1 })
      showAction() { return ''; }
    }
    defineController(MixedController, { methods: { showAction: { template: 'mixed.html.twig' } } });
    assert.deepEqual(controllerMetadata([new MixedController(), 'showAction'])!.method.map((c) => c.alias), ['cache', 'template']);
  });
});
