// Helpers shared by the matcher contract files.
import assert from 'node:assert/strict';
import type { UrlMatcherOptions } from './base-url-matcher.ts';
import { MethodNotAllowedException } from './exception/method-not-allowed-exception.ts';
import { ResourceNotFoundException } from './exception/resource-not-found-exception.ts';
import { RequestContext } from './request-context.ts';
import { RouteCollection } from './route-collection.ts';
import type { RouteMatcher } from './route-matcher.ts';
import { Route, type RouteInit } from './route.ts';

export type MatcherFactory = (routes: RouteCollection, options?: UrlMatcherOptions) => RouteMatcher;

export const REDIRECT = 'RedirectController::urlRedirectAction';
export const GET = new RequestContext();
export const POST = new RequestContext({ method: 'POST' });

export function routes(...definitions: Array<[string, string, RouteInit?]>): RouteCollection {
  const collection = new RouteCollection();
  for (const [name, path, init] of definitions) collection.add(name, new Route(path, init));
  return collection;
}

export function notFound(message: string) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof ResourceNotFoundException, `expected ResourceNotFoundException, got ${String(error)}`);
    assert.equal(error.message, message);
    return true;
  };
}

export function methodNotAllowed(allowed: string[]) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof MethodNotAllowedException, `expected MethodNotAllowedException, got ${String(error)}`);
    assert.deepEqual(error.allowedMethods, allowed);
    assert.equal(error.message, '');
    return true;
  };
}

export function assertThrows(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  assert.fail('expected an exception');
}
