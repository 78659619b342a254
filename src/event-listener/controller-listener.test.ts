import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ControllerListener } from './controller-listener.ts';
import { ControllerEvent } from '../event/controller-event.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { Controller } from '../controller/controller.ts';
import { Route } from '../decorators/route.ts';
import { Cache } from '../decorators/cache.ts';
import { Template } from '../decorators/template.ts';
import { IsGranted } from '../decorators/is-granted.ts';
import { ParamConverter } from '../decorators/param-converter.ts';
import { defineController } from '../decorators/define-controller.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

class Event {}

@Cache({ maxage: 60 })
@Template('event/default.html.twig')
@IsGranted('ROLE_USER')
@ParamConverter('since', { class: Date })
class EventController {
  @Route('/events/{id}')
  @Cache({ maxage: 5, public: true })
  @IsGranted('VIEW', { subject: 'event' })
  @ParamConverter('event', { class: Event })
  showAction() { return new Response(); }

  listAction() { return new Response(); }

  @Cache({ maxage: 1 })
  @Cache({ maxage: 2 })
  twiceAction() { return new Response(); }
}

class InvokableController {
  @Template('home.html.twig')
  __invoke() { return new Response(); }
}

function dispatch(controller: unknown): ControllerEvent {
  const request = Request.create('/events/42');
  request.attributes.set('_route', 'app_event_show');
  const event = new ControllerEvent(kernel, controller as Controller, request, RequestType.MAIN);
  new ControllerListener().onKernelController(event);
  return event;
}

const run = (controller: unknown): Request => dispatch(controller).request;

describe('ControllerListener', () => {
  it('lets a single method declaration override the class one', () => {
    assert.deepEqual(run([new EventController(), 'showAction']).attributes.get('_cache'), { maxage: 5, public: true });
  });

  it('keeps a class declaration the method does not override', () => {
    assert.deepEqual(run([new EventController(), 'showAction']).attributes.get('_template'), { template: 'event/default.html.twig' });
  });

  it('lists repeatable declarations, the class\'s first', () => {
    const request = run([new EventController(), 'showAction']);
    assert.deepEqual(request.attributes.get('_is_granted'), [{ attributes: 'ROLE_USER' }, { attributes: 'VIEW', subject: 'event' }]);
    assert.deepEqual((request.attributes.get('_converters') as { name: string }[]).map((c) => c.name), ['since', 'event']);
  });

  it('gives an undecorated method the class declarations', () => {
    assert.deepEqual(run([new EventController(), 'listAction']).attributes.get('_cache'), { maxage: 60 });
  });

  it('refuses the same single declaration twice on one method', () => {
    assert.throws(() => run([new EventController(), 'twiceAction']), { message: 'Multiple "cache" annotations are not allowed.' });
  });

  it('reads an invokable object as its __invoke method', () => {
    assert.deepEqual(run(new InvokableController()).attributes.get('_template'), { template: 'home.html.twig' });
  });

  it('turns an invokable object into [object, \'__invoke\']', () => {
    const invokable = new InvokableController();
    assert.deepEqual(dispatch(invokable).controller, [invokable, '__invoke']);
  });

  it('skips function controllers', () => {
    assert.deepEqual(run(() => new Response()).attributes.keys(), ['_route']);
  });

  it('leaves the matched route name alone: routes are read at boot', () => {
    assert.equal(run([new EventController(), 'showAction']).attributes.get('_route'), 'app_event_show');
  });

  it('gives each request its own copy, so a listener completing one changes no declaration', () => {
    const first = run([new EventController(), 'listAction']).attributes.get('_template') as { template?: string };
    first.template = 'changed.html.twig';
    assert.deepEqual(run([new EventController(), 'listAction']).attributes.get('_template'), { template: 'event/default.html.twig' });
  });

  it('reads the declarations of a controller anew when some were recorded after it was first called', () => {
    class LateController {
      showAction() { return new Response(); }
    }
    const tuple = [new LateController(), 'showAction'];
    assert.equal(run(tuple).attributes.get('_cache'), undefined);
    assert.equal(run(tuple).attributes.get('_cache'), undefined, 'the same tuple again, nothing declared');
    defineController(LateController, { methods: { showAction: { cache: { maxage: 30 } } } });
    assert.deepEqual(run(tuple).attributes.get('_cache'), { maxage: 30 });
  });
});
