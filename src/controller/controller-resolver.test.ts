import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ControllerResolver } from './controller-resolver.ts';
import { ControllerRegistry } from './controller-registry.ts';
import { controllerName } from './controller.ts';
import { Request } from '../http/request.ts';

class EventController {
  showAction(): string { return 'show'; }
}
class InvokableController {
  __invoke(): string { return 'invoked'; }
}

function requestFor(controller: unknown): Request {
  return Request.create('/events/1', 'GET', { attributes: { _controller: controller } });
}

describe('ControllerResolver', () => {
  it('resolves "Class::method" through the registry, building the controller once', () => {
    let built = 0;
    const registry = new ControllerRegistry().registerClass(EventController, () => { built++; return new EventController(); });
    const resolver = new ControllerResolver(registry);
    const first = resolver.getController(requestFor('EventController::showAction'));
    const second = resolver.getController(requestFor('EventController::showAction'));
    assert.equal(controllerName(first!), 'EventController::showAction');
    assert.equal((first as [object, string])[0], (second as [object, string])[0]);
    assert.equal(built, 1);
  });

  it('follows a controller registered again under the same name', () => {
    const registry = new ControllerRegistry().register('EventController', new EventController());
    const resolver = new ControllerResolver(registry);
    const before = resolver.getController(requestFor('EventController::showAction')) as [object, string];
    const replacement = new EventController();
    registry.register('EventController', replacement);
    const after = resolver.getController(requestFor('EventController::showAction')) as [object, string];
    assert.notEqual(before[0], replacement);
    assert.equal(after[0], replacement);
    assert.throws(() => resolver.getController(requestFor('EventController::missingAction')), /expected method "missingAction"/);
  });

  it('resolves a registered invokable by its name', () => {
    const resolver = new ControllerResolver(new ControllerRegistry().register('error_controller', new InvokableController()));
    assert.equal(controllerName(resolver.getController(requestFor('error_controller'))!), 'InvokableController::__invoke');
  });

  it('accepts functions, [object, method] and invokable objects as they are', () => {
    const resolver = new ControllerResolver(new ControllerRegistry());
    const fn = (): string => 'x';
    assert.equal(resolver.getController(requestFor(fn)), fn);
    const controller = new EventController();
    assert.deepEqual(resolver.getController(requestFor([controller, 'showAction'])), [controller, 'showAction']);
    assert.equal(controllerName(resolver.getController(requestFor(new InvokableController()))!), 'InvokableController::__invoke');
  });

  it('logs a warning and returns nothing when _controller is missing', () => {
    const warnings: string[] = [];
    const resolver = new ControllerResolver(new ControllerRegistry(), { warning: (m) => warnings.push(m) });
    assert.equal(resolver.getController(Request.create('/')), undefined);
    assert.deepEqual(warnings, ['Unable to look for the controller as the "_controller" parameter is missing.']);
  });

  it('explains an unknown controller name', () => {
    const resolver = new ControllerResolver(new ControllerRegistry().registerClass(EventController));
    assert.throws(() => resolver.getController(requestFor('Missing::show')), {
      message: 'The controller for URI "/events/1" is not callable: no controller is registered under "Missing" (registered controllers: EventController).',
    });
  });

  it('lists the available methods when the method does not exist', () => {
    const resolver = new ControllerResolver(new ControllerRegistry().registerClass(EventController));
    assert.throws(() => resolver.getController(requestFor('EventController::nope')), /expected method "nope" on class "EventController", available methods: "showAction"\./);
  });
});
