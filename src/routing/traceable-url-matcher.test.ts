import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestContext } from './request-context.ts';
import { RouteCollection } from './route-collection.ts';
import { Route, type RouteInit } from './route.ts';
import { TraceableUrlMatcher, type RouteTrace } from './traceable-url-matcher.ts';

function explain(definitions: Array<[string, string, RouteInit?]>, path: string, context = new RequestContext(), redirect = false): RouteTrace[] {
  const routes = new RouteCollection();
  for (const [name, pattern, init] of definitions) routes.add(name, new Route(pattern, init));
  const matcher = new TraceableUrlMatcher(routes, redirect ? { redirectController: 'redirect' } : {});
  return matcher.explain(path, context);
}

function verdict(traces: RouteTrace[], name: string): [string, string] {
  const trace = traces.find((t) => t.name === name);
  assert.ok(trace, `no trace for ${name}`);
  return [trace.level, trace.reason];
}

describe('TraceableUrlMatcher', () => {
  it('lists every route in matching order with its path', () => {
    const traces = explain([['a', '/a'], ['b', '/b']], '/b');
    assert.deepEqual(traces.map((t) => [t.name, t.path]), [['a', '/a'], ['b', '/b']]);
  });

  it('reports the matching route', () => {
    assert.deepEqual(verdict(explain([['show', '/events/{id}']], '/events/1'), 'show'), ['match', 'Route matches!']);
  });

  it('says a later route would match but an earlier one matched first', () => {
    const traces = explain([['first', '/{page}'], ['about', '/about']], '/about');
    assert.deepEqual(verdict(traces, 'about'), ['none', 'Route would match, but "first" matched first']);
  });

  it('reports an unrelated path as no match', () => {
    assert.deepEqual(verdict(explain([['about', '/about']], '/contact/us'), 'about'), ['none', 'Path "/contact/us" does not match']);
  });

  it('reports a near miss for a misspelt segment, as with "/en/event/1" for "/{_locale}/events/{id}"', () => {
    const traces = explain([['event', '/{_locale}/events/{id}', { requirements: { _locale: 'en|fr', id: '\\d+' } }]], '/en/event/1');
    assert.deepEqual(verdict(traces, 'event'), ['partial', 'Path "/en/event/1" does not match: "event" should be "events"']);
  });

  it('points out that paths are case-sensitive', () => {
    const traces = explain([['event', '/events/{id}']], '/Events/1');
    assert.deepEqual(verdict(traces, 'event'), ['partial', 'Path "/Events/1" does not match: "Events" should be "events" (paths are case-sensitive)']);
  });

  it('reports a requirement that fails on its own', () => {
    const traces = explain([['event', '/{_locale}/events/{id}', { requirements: { _locale: 'en|fr', id: '\\d+' } }]], '/de/events/1');
    assert.deepEqual(verdict(traces, 'event'), ['partial', 'Requirement for "_locale" does not match (en|fr)']);
  });

  it('explains a route by what it is now after it changed since an earlier explanation', () => {
    const routes = new RouteCollection().add('comments', new Route('/events/{id}/comments', { requirements: { id: '.+' } }));
    // a requirement that accepts "/" leaves nothing to compare segment by segment
    const before = new TraceableUrlMatcher(routes).explain('/events/1/coments', new RequestContext());
    assert.deepEqual(verdict(before, 'comments'), ['none', 'Path "/events/1/coments" does not match']);
    routes.get('comments')!.setRequirement('id', '\\d+');
    const after = new TraceableUrlMatcher(routes).explain('/events/1/coments', new RequestContext());
    assert.deepEqual(verdict(after, 'comments'), ['partial', 'Path "/events/1/coments" does not match: "coments" should be "comments"']);
  });

  it('reports a missing or a left-over last segment after matching literal segments', () => {
    const route: [string, string] = ['comments', '/events/{id}/comments'];
    assert.deepEqual(verdict(explain([route], '/events/1'), 'comments'), ['partial', 'Path "/events/1" does not match: "/comments" is missing at the end']);
    assert.deepEqual(verdict(explain([route], '/events/1/comments/2'), 'comments'), ['partial', 'Path "/events/1/comments/2" does not match: "/2" is left over at the end']);
  });

  it('reports a method mismatch with the allowed methods', () => {
    const traces = explain([['create', '/events', { methods: ['POST', 'PUT'] }]], '/events');
    assert.deepEqual(verdict(traces, 'create'), ['partial', 'Method "GET" does not match any of the required methods (POST, PUT)']);
  });

  it('reports a host mismatch', () => {
    const traces = explain([['admin', '/', { host: 'admin.example.com' }]], '/', new RequestContext({ host: 'www.example.com' }));
    assert.deepEqual(verdict(traces, 'admin'), ['partial', 'Host "www.example.com" does not match the requirement ("admin.example.com")']);
  });

  it('reports a scheme mismatch', () => {
    const traces = explain([['login', '/login', { schemes: 'https' }]], '/login');
    assert.deepEqual(verdict(traces, 'login'), ['partial', 'Scheme "http" does not match any of the required schemes (https)']);
  });

  it('reports a condition that does not hold, by its name', () => {
    const isBetaHost = (context: RequestContext): boolean => context.host === 'beta';
    const traces = explain([['beta', '/beta', { condition: isBetaHost }]], '/beta');
    assert.deepEqual(verdict(traces, 'beta'), ['partial', 'Condition "isBetaHost" does not evaluate to "true"']);
  });

  it('reports an inline condition by its source', () => {
    const traces = explain([['beta', '/beta', { condition: () => false }]], '/beta');
    assert.match(verdict(traces, 'beta')[1], /^Condition ".*false" does not evaluate to "true"$/);
  });

  it('reports a missing or an extra trailing slash', () => {
    assert.deepEqual(verdict(explain([['dir', '/dir/']], '/dir'), 'dir'), ['partial', 'The path is missing a trailing slash']);
    assert.deepEqual(verdict(explain([['file', '/file']], '/file/'), 'file'), ['partial', 'The path has an extra trailing slash']);
  });

  it('reports the route a redirect leads to as the match', () => {
    const traces = explain([['dir', '/dir/'], ['other', '/dir']], '/dir', new RequestContext(), true);
    assert.deepEqual(verdict(traces, 'dir'), ['match', 'The path is missing a trailing slash: redirects to "/dir/"']);
    assert.deepEqual(verdict(traces, 'other'), ['none', 'Route would match, but "dir" matched first']);
  });

  it('reports a scheme redirect as the match', () => {
    const traces = explain([['login', '/login', { schemes: 'https' }]], '/login', new RequestContext(), true);
    assert.deepEqual(verdict(traces, 'login'), ['match', 'Scheme "http" does not match any of the required schemes (https): redirects to "/login" over https']);
  });
});
