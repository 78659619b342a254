import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestContext } from './request-context.ts';

describe('RequestContext', () => {
  it('has the defaults of a plain GET request on localhost', () => {
    assert.deepEqual(new RequestContext().toJSON(), {
      baseUrl: '', method: 'GET', host: 'localhost', scheme: 'http', httpPort: 80, httpsPort: 443,
      pathInfo: '/', queryString: '', parameters: {},
    });
  });

  it('normalizes method, host and scheme case', () => {
    const context = new RequestContext({ method: 'post', host: 'Example.COM', scheme: 'HTTPS' });
    assert.equal(context.method, 'POST');
    assert.equal(context.host, 'example.com');
    assert.equal(context.scheme, 'https');
  });

  it('cannot be changed, only copied with changes', () => {
    const context = new RequestContext({ parameters: { _locale: 'en' } });
    assert.throws(() => Object.assign(context, { host: 'other' }), TypeError);
    const french = context.withParameter('_locale', 'fr');
    assert.equal(context.getParameter('_locale'), 'en');
    assert.equal(french.getParameter('_locale'), 'fr');
    assert.equal(context.with({ scheme: 'https' }).scheme, 'https');
    assert.equal(context.getParameter('toString'), undefined);
  });

  it('shares parameters given frozen, every time, and copies ones given unfrozen', () => {
    const frozen = Object.freeze({ _locale: 'en' });
    assert.equal(new RequestContext({ parameters: frozen }).parameters, frozen);
    assert.equal(new RequestContext({ parameters: frozen }).parameters, frozen);
    const open: Record<string, string> = { _locale: 'fr' };
    const context = new RequestContext({ parameters: open });
    assert.notEqual(context.parameters, open);
    assert.ok(Object.isFrozen(context.parameters));
    open._locale = 'de';
    assert.equal(context.getParameter('_locale'), 'fr');
    const other = Object.freeze({ _locale: 'it' });
    assert.equal(RequestContext.deferred('GET', '/', other, () => ({})).parameters, other);
    assert.equal(new RequestContext({ parameters: frozen }).parameters, frozen);
  });

  it('is built from a URL', () => {
    const context = RequestContext.fromUrl('https://Example.com:8443/app/blog/1?page=2', 'put', '/app');
    assert.deepEqual(context.toJSON(), {
      baseUrl: '/app', method: 'PUT', host: 'example.com', scheme: 'https', httpPort: 80, httpsPort: 8443,
      pathInfo: '/blog/1', queryString: 'page=2', parameters: {},
    });
  });
});

describe('RequestContext.deferred', () => {
  it('works out host, scheme, ports and query string once, on first read', () => {
    let calls = 0;
    const context = RequestContext.deferred('get', '/blog', { _locale: 'en' }, () => {
      calls++;
      return { host: 'Example.com', scheme: 'HTTPS', httpsPort: 8443, queryString: 'page=2' };
    });
    assert.equal(context.method, 'GET');
    assert.equal(context.pathInfo, '/blog');
    assert.equal(context.getParameter('_locale'), 'en');
    assert.equal(calls, 0, 'method, path and parameters need no resolving');
    assert.equal(context.host, 'example.com');
    assert.equal(context.scheme, 'https');
    assert.equal(context.httpsPort, 8443);
    assert.equal(context.queryString, 'page=2');
    assert.equal(calls, 1);
  });

  it('stays deferred through withParameter and keeps the rest', () => {
    let calls = 0;
    const context = RequestContext.deferred('GET', '/', { _locale: 'en' }, () => {
      calls++;
      return { host: 'a.test' };
    });
    const french = context.withParameter('_locale', 'fr');
    assert.equal(calls, 0);
    assert.equal(french.getParameter('_locale'), 'fr');
    assert.equal(context.getParameter('_locale'), 'en');
    assert.equal(french.host, 'a.test');
    assert.deepEqual(french.toJSON(), {
      baseUrl: '', method: 'GET', host: 'a.test', scheme: 'http', httpPort: 80, httpsPort: 443,
      pathInfo: '/', queryString: '', parameters: { _locale: 'fr' },
    });
  });
});
