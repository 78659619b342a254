import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestEvent } from '../event/request-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { Bundle } from '../kernel/bundle.ts';
import { ControllerRegistry } from '../controller/controller-registry.ts';
import { ErrorHandler } from '../error-handler/error-handler.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { ResolveControllerNameSubscriber } from './resolve-controller-name-subscriber.ts';
import { Args } from '../decorators/args.ts';

class AppBundle extends Bundle {}
class AdminBundle extends Bundle {}
class EventController {
  @Args({ id: String })
  showAction(id: string): Response { return new Response(`event ${id}`); }
}

const kernel: HttpKernelInterface = { handle: async () => new Response() };

function subscriber(): ResolveControllerNameSubscriber {
  return new ResolveControllerNameSubscriber({ bundles: [new AppBundle(), new AdminBundle()], controllers: new ControllerRegistry().registerClass(EventController) });
}

function resolve(controller: unknown, type: RequestType = RequestType.MAIN): unknown {
  const request = Request.create('/', 'GET', { attributes: { _controller: controller } });
  subscriber().resolveControllerName(new RequestEvent(kernel, request, type));
  return request.attributes.get('_controller');
}

afterEach(() => ErrorHandler.unregister());

describe('ResolveControllerNameSubscriber', () => {
  it('turns Bundle:Controller:action into the controller and its Action method', () => {
    ErrorHandler.register();
    assert.equal(resolve('AppBundle:Event:show'), 'EventController::showAction');
  });

  it('reports the notation as deprecated, naming the replacement', () => {
    const handler = ErrorHandler.register();
    resolve('AppBundle:Event:show');
    assert.deepEqual(handler.bootDeprecations, [
      'User Deprecated: Referencing controllers with AppBundle:Event:show is deprecated since Sluice 4.1, use "EventController::showAction" instead.',
    ]);
  });

  it('resolves on sub-requests too', () => {
    ErrorHandler.register();
    assert.equal(resolve('AppBundle:Event:show', RequestType.SUB), 'EventController::showAction');
  });

  it('leaves every other form alone', () => {
    const handler = ErrorHandler.register();
    const fn = (): Response => new Response();
    for (const controller of ['EventController::showAction', 'error_controller', 'a:b', 'a:b:c:d', 'App::x:y', fn, undefined]) {
      assert.equal(resolve(controller), controller);
    }
    assert.deepEqual(handler.bootDeprecations, []);
  });

  it('resolves the notation right after the same-length name of a controller it let through, and lets that one through again', () => {
    ErrorHandler.register();
    assert.equal(resolve('AppBundle::Event'), 'AppBundle::Event');
    assert.equal(resolve('AppBundle:Event:show'), 'EventController::showAction');
    assert.equal(resolve('error_controller'), 'error_controller');
    assert.equal(resolve('error_controller'), 'error_controller');
    assert.equal(resolve('AppBundle:Event:show'), 'EventController::showAction');
  });

  it('names the enabled bundles, and a likely typo, for an unknown bundle', () => {
    assert.throws(
      () => resolve('AppBundel:Event:show'),
      { message: 'The "AppBundel" (from the _controller value "AppBundel:Event:show") does not exist or is not enabled in your kernel! Did you mean "AppBundle:Event:show"? Enabled bundles: AppBundle, AdminBundle.' },
    );
  });

  it('names the registered controllers for an unknown controller', () => {
    assert.throws(
      () => resolve('AppBundle:Post:show'),
      { message: 'The _controller value "AppBundle:Post:show" maps to a "PostController" controller, but no controller is registered under that name. Register it (kernel.controllers.registerClass(PostController)) or check the spelling; registered controllers: EventController.' },
    );
  });

  it('refuses a notation with an empty part', () => {
    assert.throws(() => resolve('AppBundle:Event:'), { message: 'The "AppBundle:Event:" controller is not a valid "a:b:c" controller string.' });
    assert.throws(() => resolve(':Event:show'), /is not a valid "a:b:c" controller string/);
  });
});

describe('ResolveControllerNameSubscriber, through the kernel', () => {
  it('serves a route whose controller uses the legacy notation, logging the deprecation', async () => {
    ErrorHandler.register();
    const app = new TestKernel({
      bundles: [new AppBundle()],
      routes: [{ name: 'event_show', path: '/events/{id}', controller: 'AppBundle:Event:show' }],
      controllers: { EventController: new EventController() },
    });
    const response = await app.request(get('/events/42'));
    assert.equal(response.content, 'event 42');
    assert.ok(app.lines().includes('php.INFO: User Deprecated: Referencing controllers with AppBundle:Event:show is deprecated since Sluice 4.1, use "EventController::showAction" instead.'));
  });

  it('answers 500 with the explanation when the notation names nothing', async () => {
    const app = new TestKernel({ routes: [{ name: 'broken', path: '/broken', controller: 'ShopBundle:Cart:show' }] });
    const response = await app.request(get('/broken'));
    assert.equal(response.statusCode, 500);
    assert.ok(app.lines().some((line) => line.startsWith('request.CRITICAL: Uncaught Exception TypeError: "The "ShopBundle" (from the _controller value "ShopBundle:Cart:show") does not exist or is not enabled in your kernel!')));
  });
});
