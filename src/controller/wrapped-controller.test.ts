import '../decorators/symbol-metadata.ts';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Args } from '../decorators/args.ts';
import { IsGranted } from '../decorators/is-granted.ts';
import { controllerMetadata } from '../decorators/controller-metadata.ts';
import { argumentMetadataFor } from './argument-metadata.ts';
import { callController, controllerName, controllerTarget, type Controller } from './controller.ts';
import { unwrappedFunction, wrapController } from './wrapped-controller.ts';

class GreetController {
  readonly #greeting = 'Hello';

  @IsGranted('ROLE_USER')
  @Args({ name: String })
  greet(name: string): string {
    return `${this.#greeting}, ${name}`;
  }
}

describe('wrapController', () => {
  const original: Controller = [new GreetController(), 'greet'];
  const calls: unknown[][] = [];
  const wrapped = wrapController(original, (proceed, args) => {
    calls.push(args);
    return `${String(proceed(args))}!`;
  });

  it('runs the wrapper around the controller, which still sees its own object (private fields too)', () => {
    assert.equal(callController(wrapped, ['Ada']), 'Hello, Ada!');
    assert.deepEqual(calls, [['Ada']]);
  });

  it('keeps what logs, declarations and argument resolution read: name, class metadata, argument declarations', () => {
    assert.equal(controllerName(wrapped), 'GreetController::greet');
    assert.deepEqual(controllerMetadata(wrapped), controllerMetadata(original));
    assert.deepEqual(argumentMetadataFor(wrapped), argumentMetadataFor(original));
  });

  it('leads back to the controller\'s function through any number of wrappers', () => {
    const twice = wrapController(wrapped, (proceed, args) => proceed(args));
    assert.equal(unwrappedFunction(controllerTarget(twice).fn), GreetController.prototype.greet);
    assert.equal(callController(twice, ['Grace']), 'Hello, Grace!');
  });
});
