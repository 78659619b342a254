import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentResolver } from './argument-resolver.ts';
import { declareArgumentTypes } from './argument-metadata.ts';
import { Request } from '../http/request.ts';

class EventController {
  showAction(id: string, request: Request, page = 2) { return { id, request, page }; }
  needsAction(missing: string) { return missing; }
  errorAction(exception: Error) { return exception; }
  typedAction(req: Request) { return req; }
  restAction(...tags: string[]) { return tags; }
  nullableAction(maybe: string | null) { return maybe; }
}

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
      message: /^Controller "EventController::needsAction" requires that you provide a value for the "missing" argument\./,
    });
  });

  it('gives an error controller the sub-request\'s exception', () => {
    const error = new Error('boom');
    const request = Request.create('/', 'GET', { attributes: { exception: error } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'errorAction']), [error]);
  });

  it('gives the request to a parameter declared as Request, whatever its name', () => {
    declareArgumentTypes(EventController.prototype.typedAction, { req: Request });
    const request = Request.create('/');
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'typedAction']), [request]);
  });

  it('spreads an array attribute into a rest parameter', () => {
    const request = Request.create('/', 'GET', { attributes: { tags: ['a', 'b'] } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, [controller, 'restAction']), ['a', 'b']);
  });

  it('gives null to a parameter declared nullable', () => {
    declareArgumentTypes(EventController.prototype.nullableAction, { maybe: { nullable: true } });
    assert.deepEqual(new ArgumentResolver().getArguments(Request.create('/'), [controller, 'nullableAction']), [null]);
  });

  it('resolves plain function controllers', () => {
    const request = Request.create('/', 'GET', { attributes: { name: 'Ada' } });
    assert.deepEqual(new ArgumentResolver().getArguments(request, (name: string) => name), ['Ada']);
  });
});
