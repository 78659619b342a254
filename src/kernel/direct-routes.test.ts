import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DirectRoutes } from './direct-routes.ts';
import { Response } from '../http/response.ts';

const live = (): Response => new Response('live');
const ready = (): Response => new Response('ready');

describe('DirectRoutes', () => {
  it('finds the route of a path it holds', () => {
    const routes = new DirectRoutes();
    routes.set('/_health/live', live);
    routes.set('/_health/ready', ready);
    assert.equal(routes.find('/_health/live'), live);
    assert.equal(routes.find('/_health/ready'), ready);
  });

  it('finds nothing for a path of another length, nor for one of the same length it does not hold', () => {
    const routes = new DirectRoutes();
    routes.set('/_health/live', live);
    assert.equal(routes.find('/bundles/app/images/events/x.JPG'), undefined);
    assert.equal(routes.find('/'), undefined);
    assert.equal(routes.find('/_health/lift'), undefined);
  });

  it('finds nothing when it holds no route', () => {
    assert.equal(new DirectRoutes().find('/'), undefined);
  });

  it('keeps a path replaced under the same key findable, once', () => {
    const routes = new DirectRoutes();
    routes.set('/metrics', live);
    routes.set('/metrics', ready);
    assert.equal(routes.find('/metrics'), ready);
    routes.delete('/metrics');
    assert.equal(routes.find('/metrics'), undefined);
  });

  it('still finds a path whose length another deleted path shared', () => {
    const routes = new DirectRoutes();
    routes.set('/a', live);
    routes.set('/b', ready);
    assert.equal(routes.delete('/a'), true);
    assert.equal(routes.delete('/a'), false);
    assert.equal(routes.find('/a'), undefined);
    assert.equal(routes.find('/b'), ready);
  });

  it('finds nothing after clear, and finds what is set after it', () => {
    const routes = new DirectRoutes();
    routes.set('/metrics', live);
    routes.clear();
    assert.equal(routes.find('/metrics'), undefined);
    assert.equal(routes.size, 0);
    routes.set('/metrics', ready);
    assert.equal(routes.find('/metrics'), ready);
  });

  it('is a Map to the bundles that add to it', () => {
    const routes = new DirectRoutes();
    routes.set('/metrics', live);
    assert.ok(routes instanceof Map);
    assert.deepEqual([...routes.keys()], ['/metrics']);
    assert.equal(routes.get('/metrics'), live);
  });
});
