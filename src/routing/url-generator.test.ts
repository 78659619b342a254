import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidParameterException } from './exception/invalid-parameter-exception.ts';
import { MissingMandatoryParametersException } from './exception/missing-mandatory-parameters-exception.ts';
import { RouteNotFoundException } from './exception/route-not-found-exception.ts';
import { ReferenceType } from './reference-type.ts';
import { RequestContext } from './request-context.ts';
import { RouteCollection } from './route-collection.ts';
import { Route, type RouteInit } from './route.ts';
import { UrlGenerator, type UrlGeneratorOptions } from './url-generator.ts';

function generator(definitions: Array<[string, string, RouteInit?]>, context?: RequestContext, options?: UrlGeneratorOptions): UrlGenerator {
  const routes = new RouteCollection();
  for (const [name, path, init] of definitions) routes.add(name, new Route(path, init));
  return new UrlGenerator(routes, context, options);
}

describe('UrlGenerator', () => {
  describe('errors', () => {
    it('names a route that does not exist', () => {
      assert.throws(() => generator([]).generate('nope'), new RouteNotFoundException(
        'Unable to generate a URL for the named route "nope" as such route does not exist.',
      ));
    });

    it('lists the missing mandatory parameters', () => {
      assert.throws(() => generator([['show', '/{year}/{id}']]).generate('show'), new MissingMandatoryParametersException(
        'Some mandatory parameters are missing ("year", "id") to generate a URL for route "show".',
      ));
    });

    it('rejects a parameter that does not meet its requirement', () => {
      assert.throws(() => generator([['show', '/events/{id<\\d+>}']]).generate('show', { id: 'abc' }), new InvalidParameterException(
        'Parameter "id" for route "show" must match "\\d+" ("abc" given) to generate a corresponding URL.',
      ));
    });

    it('logs the failed requirement and returns "" when not strict', () => {
      const logged: unknown[] = [];
      const urls = generator([['show', '/events/{id<\\d+>}']], undefined, {
        strictRequirements: false,
        logger: { error: (message, context) => logged.push(message, context) },
      });
      assert.equal(urls.generate('show', { id: 'abc' }), '');
      assert.deepEqual(logged[1], { parameter: 'id', route: 'show', expected: '\\d+', given: 'abc' });
    });

    it('does not check requirements when strictRequirements is null', () => {
      const urls = generator([['show', '/events/{id<\\d+>}']], undefined, { strictRequirements: null });
      assert.equal(urls.generate('show', { id: 'abc' }), '/events/abc');
    });

    it('checks requirements case-insensitively and ignores lookarounds', () => {
      const urls = generator([['show', '/{code<(?!x)[a-z]+>}']]);
      assert.equal(urls.generate('show', { code: 'ABC' }), '/ABC');
    });
  });

  describe('paths', () => {
    it('fills variables from parameters, then the context, then defaults', () => {
      const urls = generator([['show', '/{_locale}/{section}/{id}', { defaults: { section: 'news' } }]], new RequestContext({ parameters: { _locale: 'fr' } }));
      assert.equal(urls.generate('show', { id: 7 }), '/fr/news/7');
    });

    it('leaves out trailing optional variables equal to their defaults', () => {
      const urls = generator([['blog', '/blog/{page}.{_format}', { defaults: { page: 1, _format: 'html' } }]]);
      assert.equal(urls.generate('blog'), '/blog');
      assert.equal(urls.generate('blog', { page: '1' }), '/blog');
      assert.equal(urls.generate('blog', { page: 2 }), '/blog/2');
      assert.equal(urls.generate('blog', { _format: 'json' }), '/blog/1.json');
    });

    it('keeps an optional variable when a later one is given', () => {
      const urls = generator([['list', '/list/{page}/{sort}', { defaults: { page: 1, sort: 'date' } }]]);
      assert.equal(urls.generate('list', { sort: 'name' }), '/list/1/name');
    });

    it('generates "/" for a path made of omitted variables', () => {
      assert.equal(generator([['home', '/{page}', { defaults: { page: 1 } }]]).generate('home'), '/');
    });

    it('encodes the path but keeps / @ : ; , = + ! * | readable', () => {
      const urls = generator([['file', '/files/{name}', { requirements: { name: '.+' } }]]);
      assert.equal(urls.generate('file', { name: "a b/c@d:e;f,g=h+i!j*k|l'(m)%é" }), "/files/a%20b/c@d:e;f,g=h+i!j*k|l%27%28m%29%25%C3%A9");
    });

    it('encodes "." and ".." segments so that browsers keep them', () => {
      const urls = generator([['file', '/files/{name}', { requirements: { name: '.+' } }]]);
      assert.equal(urls.generate('file', { name: '../a/./b/..' }), '/files/%2E%2E/a/%2E/b/%2E%2E');
    });

    it('prepends the base URL', () => {
      assert.equal(generator([['about', '/about']], new RequestContext({ baseUrl: '/app.php' })).generate('about'), '/app.php/about');
    });
  });

  describe('query string and fragment', () => {
    it('puts extra parameters in the query string with RFC 3986 encoding', () => {
      const urls = generator([['search', '/search']]);
      const url = urls.generate('search', { q: 'a b/c', tags: ['x', 'y'], filter: { since: 2024 }, none: null, flag: true, off: false });
      assert.equal(url, '/search?q=a%20b/c&tags%5B0%5D=x&tags%5B1%5D=y&filter%5Bsince%5D=2024&flag=1&off=0');
    });

    it('leaves out parameters equal to a default', () => {
      assert.equal(generator([['list', '/list', { defaults: { sort: 'date' } }]]).generate('list', { sort: 'date', page: 2 }), '/list?page=2');
    });

    it('adds _fragment after "#", from the parameters or the defaults', () => {
      const urls = generator([['doc', '/doc', { defaults: { _fragment: 'top' } }]]);
      assert.equal(urls.generate('doc'), '/doc#top');
      assert.equal(urls.generate('doc', { _fragment: 'part 2/b?c', page: 1 }), '/doc?page=1#part%202/b?c');
    });
  });

  describe('reference types', () => {
    const context = new RequestContext({ host: 'example.com', httpPort: 8080, pathInfo: '/a/b/c' });
    const urls = generator([['x', '/a/x'], ['secure', '/secure', { schemes: 'https' }], ['api', '/', { host: '{sub}.example.com' }]], context);

    it('gives an absolute URL with the port when it is not the default one', () => {
      assert.equal(urls.generate('x', {}, ReferenceType.ABSOLUTE_URL), 'http://example.com:8080/a/x');
      const standard = new RequestContext({ host: 'example.com', scheme: 'https' });
      assert.equal(urls.generate('x', {}, ReferenceType.ABSOLUTE_URL, standard), 'https://example.com/a/x');
    });

    it('gives a network path', () => {
      assert.equal(urls.generate('x', {}, ReferenceType.NETWORK_PATH), '//example.com:8080/a/x');
    });

    it('gives a path relative to the context path', () => {
      assert.equal(urls.generate('x', {}, ReferenceType.RELATIVE_PATH), '../x');
      assert.equal(urls.generate('x', {}, ReferenceType.RELATIVE_PATH, new RequestContext({ pathInfo: '/a/x' })), '');
      assert.equal(urls.generate('x', {}, ReferenceType.RELATIVE_PATH, new RequestContext({ pathInfo: '/a/y' })), 'x');
      assert.equal(urls.generate('x', {}, ReferenceType.RELATIVE_PATH, new RequestContext({ pathInfo: '/a/x/' })), '../x');
    });

    it('forces an absolute URL when the route requires another scheme', () => {
      assert.equal(urls.generate('secure'), 'https://example.com/secure');
    });

    it('forces a network path when the route is on another host', () => {
      assert.equal(urls.generate('api', { sub: 'api' }), '//api.example.com:8080/');
      assert.equal(urls.generate('api', { sub: 'api' }, ReferenceType.ABSOLUTE_URL), 'http://api.example.com:8080/');
    });
  });

  describe('localized routes', () => {
    const localized = (locale: string, path: string): [string, string, RouteInit] => [
      `about.${locale}`, path, { defaults: { _locale: locale, _canonical_route: 'about' }, requirements: { _locale: locale } },
    ];
    const urls = generator([localized('en', '/about'), localized('fr', '/a-propos'), ['about', '/about-us']], undefined, { defaultLocale: 'en' });

    it('prefers the route of the locale given as a parameter, then the context, then the default', () => {
      assert.equal(urls.generate('about', { _locale: 'fr' }), '/a-propos');
      assert.equal(urls.generate('about', {}, ReferenceType.ABSOLUTE_PATH, new RequestContext({ parameters: { _locale: 'fr' } })), '/a-propos');
      assert.equal(urls.generate('about'), '/about');
    });

    it('falls back from a regional locale to its language', () => {
      assert.equal(urls.generate('about', { _locale: 'fr_CA' }), '/a-propos');
    });

    it('uses the route of the plain name when no localized one fits', () => {
      assert.equal(urls.generate('about', { _locale: 'de' }), '/about-us?_locale=de');
    });
  });
});
