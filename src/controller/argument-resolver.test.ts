import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentResolver } from './argument-resolver.ts';
import { argumentMetadataFor, declareArguments, declareArgumentTypes } from './argument-metadata.ts';
import { Request } from '../http/request.ts';

class EventController {
  showAction(id: string, request: Request, page = 2) { return { id, request, page }; }
  needsAction(missing: string) { return missing; }
  errorAction(exception: Error) { return exception; }
  typedAction(req: Request) { return req; }
  restAction(...tags: string[]) { return tags; }
  taggedAction(id: string, ...tags: string[]) { return [id, ...tags]; }
  nullableAction(maybe: string | null) { return maybe; }
}

declareArguments(EventController.prototype.showAction, { id: String, request: Request, page: { type: Number, optional: true } });
declareArguments(EventController.prototype.needsAction, { missing: String });
declareArguments(EventController.prototype.errorAction, { exception: Error });
declareArguments(EventController.prototype.typedAction, { req: Request });
declareArguments(EventController.prototype.restAction, { tags: { type: String, variadic: true } });
declareArguments(EventController.prototype.taggedAction, { id: String, tags: { type: String, variadic: true } });
declareArguments(EventController.prototype.nullableAction, { maybe: { type: String, nullable: true } });

const controller = new EventController();

describe('ArgumentResolver', () => {
  it('takes route attributes by name, the request by name, and leaves defaults to JavaScript', () => {
    const request = Request.create('/events/42');
    request.attributes.set('id', '42');
    const args = new ArgumentResolver().getArguments(request, [controller, 'showAction']);
    assert.equal(args[0], '42');
    assert.equal(args[1], request);
    assert.equal(args[2], undefined);
    assert.equal(controller.showAction(...(args as [string, Request])).page, 2);
  });

  it('names controller and parameter when nothing resolves an argument', () => {
    assert.throws(() => new ArgumentResolver().getArguments(Request.create('/'), [controller, 'needsAction']), {
      name: 'MissingArgumentError',
      message: /^Controller "EventController::needsAction" requires that you provide a value for the "missing" argument\. .* Name it after a route parameter or request attribute, give it a class a resolver knows \(Request, Session, an entity\), or declare it optional or nullable in @Args\.$/,
    });
  });

  it('gives an attribute set to undefined as the argument, not as a missing one', () => {
    const request = Request.create('/');
    request.attributes.set('missing', undefined);
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'needsAction']), [undefined]);
  });

  it('gives an error controller the sub-request\'s exception', () => {
    const error = new Error('boom');
    const request = Request.create('/', 'GET', { attributes: { exception: error } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'errorAction']), [error]);
  });

  it('gives the request to a parameter declared as Request, whatever its name', () => {
    const request = Request.create('/');
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'typedAction']), [request]);
  });

  it('spreads an array attribute into a rest parameter', () => {
    const request = Request.create('/', 'GET', { attributes: { tags: ['a', 'b'] } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'restAction']), ['a', 'b']);
  });

  it('gives a rest parameter as many values as its attribute holds, none included, after the arguments before it', () => {
    for (const tags of [[], ['a'], ['a', 'b', 'c']]) {
      const request = Request.create('/', 'GET', { attributes: { id: '7', tags } });
      assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'taggedAction']), ['7', ...tags]);
    }
    assert.deepEqual(new ArgumentResolver().getArguments(Request.create('/', 'GET', { attributes: { id: '7' } }), [controller, 'taggedAction']), ['7'], 'no attribute, no values');
  });

  it('gives null to a parameter declared nullable', () => {
    assert.deepEqual(new ArgumentResolver().getArguments(Request.create('/'), [controller, 'nullableAction']), [null]);
  });

  it('resolves plain function controllers', () => {
    const request = Request.create('/', 'GET', { attributes: { name: 'Ada' } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, declareArguments((name: string) => name, { name: String })), ['Ada']);
  });

  it('calls a function without parameters with none, undeclared', () => {
    assert.deepEqual(new ArgumentResolver().getArguments(Request.create('/'), () => 'ok'), []);
  });

  it('refuses a controller with parameters and no declaration, naming it and the fix', () => {
    class Undeclared {
      showAction(id: string, request: Request) { return [id, request]; }
    }
    assert.throws(() => new ArgumentResolver().getArguments(Request.create('/'), [new Undeclared(), 'showAction']), {
      name: 'UndeclaredArgumentsError',
      code: 'SLUICE_UNDECLARED_ARGUMENTS',
      message: 'Controller "Undeclared::showAction" takes 2 parameters but declares none: list them in order with their classes, e.g. @Args({ request: Request, id: String }) on the method (or declareArguments(fn, { ... }) for a function).',
    });
  });

  it('refuses a declaration that leaves parameters out, naming those it has', () => {
    const fn = declareArguments(Object.assign((id: string, page: number) => [id, page], { controllerName: 'list' }), { id: String });
    assert.throws(() => new ArgumentResolver().getArguments(Request.create('/'), fn), {
      code: 'SLUICE_TOO_FEW_DECLARED_ARGUMENTS',
      message: 'Controller "list" takes 2 parameters but declares 1 ("id"): list every parameter, in order, in its @Args({ ... }) declaration.',
    });
  });

  it('takes a class declared by name elsewhere (a converter) over a plain-value marker', () => {
    class Event {}
    const fn = declareArguments((event: Event) => event, { event: Object });
    declareArgumentTypes(fn, { event: Event });
    assert.deepEqual(argumentMetadataFor(fn).map((argument) => [argument.name, argument.type]), [['event', Event]]);
  });
});
