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

  it('is built from a URL', () => {
    const context = RequestContext.fromUrl('https://Example.com:8443/app/blog/1?page=2', 'put', '/app');
    assert.deepEqual(context.toJSON(), {
      baseUrl: '/app', method: 'PUT', host: 'example.com', scheme: 'https', httpPort: 80, httpsPort: 8443,
      pathInfo: '/blog/1', queryString: 'page=2', parameters: {},
    });
  });
});
