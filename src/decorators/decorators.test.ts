import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Route } from './route.ts';
import { Cache } from './cache.ts';
import { Template } from './template.ts';
import { IsGranted } from './is-granted.ts';
import { ParamConverter } from './param-converter.ts';
import { Entity } from './entity.ts';
import { Args } from './args.ts';
import { controllerMetadata } from './controller-metadata.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';

class Event {}

@Route('/events', { name: 'app_event_' })
@Cache({ maxage: 60 })
@IsGranted('ROLE_USER')
class EventController {
  @Route('/{id}', { name: 'show', requirements: { id: '\\d+' } })
  @Cache({ smaxage: '1 hour', public: true })
  @Template('event/show.html.twig')
  @IsGranted('VIEW', { subject: 'event' })
  @IsGranted('ATTEND', { subject: 'event', statusCode: 404 })
  @ParamConverter('event', { class: Event })
  @Args({ event: Event })
  showAction(event: Event) { return event; }

  @Entity('event', { class: Event, options: { mapping: { slug: 'slug' } } })
  @Args({ event: Event, since: Date })
  bySlugAction(event: Event, since: Date) { return [event, since]; }

  plainAction() { return 'plain'; }
}

class SpecialEventController extends EventController {
  @Cache({ maxage: 5 })
  override plainAction() { return 'special'; }
}

const aliases = (list: readonly { alias: string }[]) => list.map((c) => c.alias);

describe('Controller decorators', () => {
  it('record class-level declarations for the controller class', () => {
    const metadata = controllerMetadata([new EventController(), 'showAction'])!;
    assert.deepEqual(aliases(metadata.class), ['route', 'cache', 'is_granted']);
    assert.deepEqual(metadata.class[0]!.value, { path: '/events', name: 'app_event_' });
  });

  it('record method-level declarations in source order', () => {
    const metadata = controllerMetadata([new EventController(), 'showAction'])!;
    assert.deepEqual(aliases(metadata.method), ['route', 'cache', 'template', 'is_granted', 'is_granted', 'converters']);
    assert.deepEqual(metadata.method.filter((c) => c.alias === 'is_granted').map((c) => c.value.attributes), ['VIEW', 'ATTEND']);
  });

  it('keep the options of each declaration', () => {
    const method = controllerMetadata([new EventController(), 'showAction'])!.method;
    assert.deepEqual(method.find((c) => c.alias === 'template')!.value, { template: 'event/show.html.twig' });
    assert.deepEqual(method.find((c) => c.alias === 'cache')!.value, { smaxage: '1 hour', public: true });
  });

  it('declare the converted parameter\'s class for argument resolution', () => {
    const [event] = argumentMetadataFor([new EventController(), 'showAction']);
    assert.equal(event!.type, Event);
  });

  it('mark an @Entity declaration as the entity converter, with its options', () => {
    const [converter] = controllerMetadata([new EventController(), 'bySlugAction'])!.method;
    assert.deepEqual(converter!.value, { name: 'event', class: Event, converter: 'entity', options: { mapping: { slug: 'slug' } }, isOptional: false, annotation: 'Entity' });
  });

  it('declare parameter classes with @Args', () => {
    assert.deepEqual(argumentMetadataFor([new EventController(), 'bySlugAction']).map((a) => a.type), [Event, Date]);
  });

  it('give no method declarations for an undecorated method', () => {
    assert.deepEqual(controllerMetadata([new EventController(), 'plainAction'])!.method, []);
  });

  it('read an overriding method\'s own declarations, and no class declarations of the parent', () => {
    const metadata = controllerMetadata([new SpecialEventController(), 'plainAction'])!;
    assert.deepEqual(aliases(metadata.method), ['cache']);
    assert.deepEqual(metadata.class, []);
  });

  it('read an inherited method\'s declarations from the class declaring it', () => {
    assert.equal(controllerMetadata([new SpecialEventController(), 'showAction'])!.method.length, 6);
  });

  it('read an invokable object as its __invoke method', () => {
    class HomeController {
      @Template('home.html.twig')
      __invoke() { return {}; }
    }
    assert.deepEqual(aliases(controllerMetadata(new HomeController())!.method), ['template']);
  });

  it('give nothing for a function controller', () => {
    assert.equal(controllerMetadata(() => 'hello'), undefined);
  });

  it('reject a typo in a cache duration when the class is defined', () => {
    assert.throws(() => Cache({ maxage: '1 dya' }), /@Cache option "maxage": Invalid duration "1 dya"/);
    assert.throws(() => Cache({ expires: 'whenever' }), /@Cache option "expires": invalid date "whenever"/);
  });

  it('read private: true as public: false', () => {
    class PrivateController {
      @Cache({ private: true, maxage: 10 })
      showAction() { return ''; }
    }
    assert.deepEqual(controllerMetadata([new PrivateController(), 'showAction'])!.method[0]!.value, { public: false, maxage: 10 });
  });

  it('refuse a static method, as a controller is an instance method', () => {
    const decorate = Route('/x') as unknown as (target: unknown, context: object) => void;
    assert.throws(() => decorate(() => {}, { kind: 'method', name: 'make', static: true, private: false, metadata: {} }), /@Route goes on a controller class or a public instance method, not on the static method "make"/);
  });
});
