import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request, type TrustPolicy } from './request.ts';
import { MalformedUriException } from './exception/malformed-uri-exception.ts';
import { SuspiciousOperationException } from './exception/suspicious-operation-exception.ts';

describe('Request', () => {
  it('splits the target into a raw path, a decoded path info and a query string', () => {
    const request = new Request({ url: '/caf%C3%A9/a+b?x=1&y=%20', headers: { host: 'example.com' } });
    assert.equal(request.rawPath, '/caf%C3%A9/a+b');
    assert.equal(request.pathInfo, '/café/a+b');
    assert.equal(request.queryString, 'x=1&y=%20');
    assert.equal(request.query.get('y'), ' ');
  });

  it('upper-cases the method, whatever case it came in, and keeps one that already is', () => {
    assert.equal(new Request({ method: 'post' }).method, 'POST');
    assert.equal(new Request({ method: 'Patch' }).method, 'PATCH');
    assert.equal(new Request({ method: 'mkcol' }).method, 'MKCOL');
    assert.equal(new Request({ method: 'DELETE' }).method, 'DELETE');
    assert.equal(new Request({ method: 'pé' }).method, 'PÉ');
    assert.equal(new Request().method, 'GET');
  });

  it('reports a malformed percent-encoding as a request error, not a crash', () => {
    const request = new Request({ url: '/bad%E0%A4%A' });
    assert.throws(() => request.pathInfo, MalformedUriException);
  });

  it('parses repeated and bracketed query keys as lists', () => {
    const request = new Request({ url: '/?tag=a&tag=b&id[]=1' });
    assert.deepEqual(request.query.get('tag'), ['a', 'b']);
    assert.deepEqual(request.query.get('id'), ['1']);
    assert.equal(request.query.getString('tag'), 'a');
  });

  it('reads cookies from the Cookie header, lazily', () => {
    const request = new Request({ headers: { cookie: 'SID=abc; theme=dark' } });
    assert.equal(request.cookies.get('SID'), 'abc');
    assert.equal(request.cookies.get('theme'), 'dark');
  });

  it('derives scheme, host, port and the URI from the connection and Host header', () => {
    const request = new Request({ url: '/a?b=2&a=1', headers: { host: 'Example.COM:8000' } });
    assert.equal(request.scheme, 'http');
    assert.equal(request.host, 'example.com');
    assert.equal(request.port, 8000);
    assert.equal(request.httpHost, 'example.com:8000');
    assert.equal(request.getUri(), 'http://example.com:8000/a?a=1&b=2');
  });

  it('hides the default port of the scheme', () => {
    const request = Request.create('https://example.com/x');
    assert.equal(request.isSecure, true);
    assert.equal(request.port, 443);
    assert.equal(request.getUri(), 'https://example.com/x');
  });

  it('rejects a malformed Host as "Invalid Host"', () => {
    const request = new Request({ headers: { host: 'evil.com/x' } });
    assert.throws(() => request.host, (e: Error) => e instanceof SuspiciousOperationException && e.message === 'Invalid Host "evil.com/x".');
  });

  it('rejects a Host outside the trusted patterns as "Untrusted Host"', () => {
    const trust: TrustPolicy = { resolve: () => undefined, trustedHosts: [/^(.+\.)?example\.com$/] };
    assert.equal(new Request({ headers: { host: 'www.example.com' }, trust }).host, 'www.example.com');
    assert.throws(() => new Request({ headers: { host: 'attacker.net' }, trust }).host, { message: 'Untrusted Host "attacker.net".' });
  });

  it('checks each Host value against the policy of its own request, however often it was seen before', () => {
    const trust: TrustPolicy = { resolve: () => undefined, trustedHosts: [/^example\.com$/] };
    assert.equal(new Request({ headers: { host: 'attacker.net' } }).host, 'attacker.net', 'no trusted hosts: any well-formed host');
    assert.equal(new Request({ headers: { host: 'attacker.net' } }).host, 'attacker.net');
    assert.throws(() => new Request({ headers: { host: 'attacker.net' }, trust }).host, { message: 'Untrusted Host "attacker.net".' });
    assert.equal(new Request({ headers: { host: 'Example.com.:8080' }, trust }).host, 'example.com');
    assert.equal(new Request({ headers: { host: 'Example.com.:8080' }, trust }).host, 'example.com');
    assert.throws(() => new Request({ headers: { host: 'evil.com/x' } }).host, { message: 'Invalid Host "evil.com/x".' });
    assert.equal(new Request({ headers: { host: 'Example.com.:8080' } }).host, 'example.com');
  });

  it('believes forwarded values only as the trust policy resolves them', () => {
    const trust: TrustPolicy = { resolve: () => ({ clientIps: ['203.0.113.9', '10.0.0.1'], scheme: 'https', host: 'shop.example.com' }), trustedHosts: [] };
    const request = new Request({ remoteAddress: '10.0.0.2', headers: { host: 'internal:8080' }, trust });
    assert.equal(request.clientIp, '203.0.113.9');
    assert.equal(request.scheme, 'https');
    assert.equal(request.host, 'shop.example.com');
    assert.equal(request.port, 443);
  });

  it('uses the peer address as client IP without a trust policy', () => {
    assert.equal(new Request({ remoteAddress: '192.0.2.1', headers: { 'x-forwarded-for': '1.2.3.4' } }).clientIp, '192.0.2.1');
  });

  it('negotiates the preferred language with q-values', () => {
    const request = new Request({ headers: { 'accept-language': 'de;q=0.5, fr-CA, en;q=0.8' } });
    assert.deepEqual(request.getLanguages(), ['fr_CA', 'en', 'de']);
    assert.equal(request.getPreferredLanguage(['en', 'fr']), 'fr');
    assert.equal(request.getPreferredLanguage(['es', 'de']), 'de');
    assert.equal(request.getPreferredLanguage(['es']), 'es');
  });

  it('prefers the Accept header\'s best known format', () => {
    const request = new Request({ headers: { accept: 'text/html;q=0.8, application/json' } });
    assert.equal(request.getPreferredFormat(), 'json');
    request.attributes.set('_format', 'xml');
    assert.equal(request.getPreferredFormat(), 'xml');
  });

  it('answers the same preferred format each time an Accept value comes back, and the fallback for an unknown one', () => {
    for (let i = 0; i < 2; i++) {
      assert.equal(new Request({ headers: { accept: 'application/x-unknown, */*;q=0.1' } }).getPreferredFormat('txt'), 'txt');
      assert.equal(new Request({ headers: { accept: 'application/x-unknown, */*;q=0.1' } }).getPreferredFormat(), 'html');
      assert.equal(new Request({ headers: { accept: 'application/xml;q=0.9, text/html' } }).getPreferredFormat(), 'html');
      assert.equal(new Request().getPreferredFormat('json'), 'json');
    }
  });

  it('duplicates for a sub-request with new attributes, keeping headers, locale and format', () => {
    const request = Request.create('/events/1?x=1', 'POST', { headers: { referer: 'http://localhost/' } });
    request.attributes.set('_route', 'event');
    request.attributes.set('_format', 'json');
    request.locale = 'fr';
    const sub = request.duplicate(undefined, { _controller: 'error_controller' });
    assert.equal(sub.rawPath, '/events/1');
    assert.equal(sub.query.get('x'), '1');
    assert.equal(sub.headers.get('referer'), 'http://localhost/');
    assert.equal(sub.attributes.has('_route'), false);
    assert.equal(sub.attributes.get('_controller'), 'error_controller');
    assert.equal(sub.attributes.get('_format'), 'json');
    assert.equal(sub.locale, 'fr');
    sub.headers.set('x-sub', '1');
    assert.equal(request.headers.has('x-sub'), false);
  });

  it('gives a duplicate the own attributes of the record it is given, an undefined one too', () => {
    const record = Object.create({ inherited: 'no' }) as Record<string, unknown>;
    record['_controller'] = 'error_controller';
    record['logger'] = undefined;
    Object.defineProperty(record, '__proto__', { value: 'own', enumerable: true });
    const sub = Request.create('/').duplicate(undefined, record);
    assert.deepEqual([...sub.attributes.keys()], ['_controller', 'logger', '__proto__']);
    assert.equal(sub.attributes.get('__proto__'), 'own');
    assert.equal(sub.attributes.has('inherited'), false);
    assert.equal(sub.attributes.has('logger'), true);
  });

  it('gives a duplicate an attribute bag of its own, apart from the original\'s', () => {
    const request = Request.create('/');
    request.attributes.set('_route', 'home');
    const sub = request.duplicate(undefined, { _controller: 'error_controller' });
    sub.attributes.set('exception', 'x');
    const plain = request.duplicate();
    plain.attributes.set('extra', 1);
    assert.notEqual(sub.attributes, request.attributes);
    assert.deepEqual([...request.attributes.keys()], ['_route']);
    assert.deepEqual([...sub.attributes.keys()], ['_controller', 'exception']);
    assert.deepEqual([...plain.attributes.keys()], ['_route', 'extra']);
  });

  it('builds requests from absolute URLs for tests', () => {
    const request = Request.create('http://localhost:8000/bundles/app/x.JPG', 'GET', { headers: { Referer: 'http://localhost:8000/' } });
    assert.equal(request.httpHost, 'localhost:8000');
    assert.equal(request.rawPath, '/bundles/app/x.JPG');
    assert.equal(request.headers.get('referer'), 'http://localhost:8000/');
  });
});

describe('Request.session', () => {
  it('is made on first use, once, and shared with the request\'s duplicates', () => {
    let made = 0;
    const request = Request.create('/');
    request.setSessionFactory(() => ({ n: ++made }));
    const sub = request.duplicate(undefined, {});
    assert.equal(request.peekSession(), undefined);
    assert.equal(request.hasSession(), true);
    assert.deepEqual(sub.session, { n: 1 });
    assert.equal(request.session, sub.session);
    assert.equal(made, 1);
  });

  it('has none before one is given, and shares one given to a duplicate made before it', () => {
    const request = Request.create('/');
    assert.equal(request.hasSession(), false);
    assert.equal(request.session, undefined);
    assert.equal(request.peekSession(), undefined);
    const sub = request.duplicate(undefined, {});
    const given = { late: true };
    sub.session = given;
    assert.equal(request.session, given);
    assert.equal(request.hasSession(), true);
  });

  it('keeps a session given directly', () => {
    const request = Request.create('/');
    const given = { mine: true };
    request.setSessionFactory(() => ({ made: true }));
    request.session = given;
    assert.equal(request.session, given);
  });
});
