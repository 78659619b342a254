import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidParameterException } from './invalid-parameter-exception.ts';
import { InvalidRouteException } from './invalid-route-exception.ts';
import { MethodNotAllowedException } from './method-not-allowed-exception.ts';
import { MissingMandatoryParametersException } from './missing-mandatory-parameters-exception.ts';
import { NoConfigurationException } from './no-configuration-exception.ts';
import { ResourceNotFoundException } from './resource-not-found-exception.ts';
import { RouteNotFoundException } from './route-not-found-exception.ts';

describe('routing exceptions', () => {
  it('are errors named after their class', () => {
    const errors = [
      new ResourceNotFoundException(), new NoConfigurationException(), new MethodNotAllowedException([]),
      new RouteNotFoundException(), new MissingMandatoryParametersException(), new InvalidParameterException(),
      new InvalidRouteException(),
    ];
    for (const error of errors) {
      assert.ok(error instanceof Error);
      assert.equal(error.name, error.constructor.name);
    }
  });

  it('make NoConfigurationException a ResourceNotFoundException', () => {
    assert.ok(new NoConfigurationException() instanceof ResourceNotFoundException);
  });

  it('give MethodNotAllowedException upper-case, unique allowed methods and an empty message', () => {
    const error = new MethodNotAllowedException(['post', 'PUT', 'POST']);
    assert.deepEqual(error.allowedMethods, ['POST', 'PUT']);
    assert.equal(error.message, '');
  });
});
