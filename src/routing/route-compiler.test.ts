import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import { Route, type RouteInit } from './route.ts';

function compile(path: string, init?: RouteInit) {
  return new Route(path, init).compile();
}

describe('RouteCompiler', () => {
  describe('regexes', () => {
    it('lets a variable without requirement match anything but a slash', () => {
      assert.equal(compile('/blog/{slug}').regex.source, '^\\/blog\\/(?<slug>[^/]+)$');
    });

    it('also excludes the separator that follows the variable', () => {
      const { regex } = compile('/blog/{page}.{_format}');
      assert.equal(regex.source, '^\\/blog\\/(?<page>[^/.]+)\\.(?<_format>[^/]+)$');
      assert.deepEqual({ ...regex.exec('/blog/1.html')?.groups }, { page: '1', _format: 'html' });
    });

    it('uses every separator character: / , ; . : - _ ~ + * = @ |', () => {
      for (const separator of [',', ';', '.', ':', '-', '_', '~', '+', '*', '=', '@', '|']) {
        const { regex } = compile(`/{a}${separator}{b}`);
        assert.deepEqual({ ...regex.exec(`/x${separator}y`)?.groups }, { a: 'x', b: 'y' }, `separator ${separator}`);
      }
    });

    it('does not treat a letter as a separator', () => {
      assert.equal(compile('/{a}x{b}').regex.source, '^\\/(?<a>[^/]+)x(?<b>[^/]+)$');
    });

    it('uses requirements, given inline or separately, and drops their anchors', () => {
      assert.equal(compile('/events/{id<\\d+>}').regex.source, '^\\/events\\/(?<id>\\d+)$');
      assert.equal(compile('/events/{id}', { requirements: { id: '^\\d+$' } }).regex.source, '^\\/events\\/(?<id>\\d+)$');
      assert.equal(compile('/events/{id}', { requirements: { id: /[a-f0-9]{8}/ } }).regex.source, '^\\/events\\/(?<id>[a-f0-9]{8})$');
    });

    it('turns capturing groups of a requirement into non-capturing ones', () => {
      const compiled = compile('/{lang}/{page}', { requirements: { lang: '(en|fr)', page: '(?<name>[a-z]+)' } });
      assert.equal(compiled.pattern, '/((?:en|fr))/((?:[a-z]+))');
    });

    it('makes trailing variables with defaults optional', () => {
      const { regex } = compile('/blog/{page}.{_format}', { defaults: { page: 1, _format: 'html' } });
      assert.ok(regex.test('/blog'));
      assert.ok(regex.test('/blog/2'));
      assert.ok(regex.test('/blog/2.json'));
      assert.ok(!regex.test('/blog/'));
    });

    it('keeps a variable with a default required when a required one follows it', () => {
      const { regex } = compile('/{page}/{id}', { defaults: { page: 1 } });
      assert.ok(!regex.test('/5'));
      assert.ok(regex.test('/1/5'));
    });

    it('keeps the separator of a fully optional path required', () => {
      const { regex } = compile('/{page}', { defaults: { page: 1 } });
      assert.ok(regex.test('/'));
      assert.ok(!regex.test(''));
    });

    it('compiles hosts case-insensitively with "." as the default separator', () => {
      const compiled = compile('/', { host: '{locale}.example.{tld}' });
      assert.equal(compiled.hostRegex?.flags, 'is');
      assert.deepEqual({ ...compiled.hostRegex?.exec('FR.Example.com')?.groups }, { locale: 'FR', tld: 'com' });
      assert.deepEqual(compiled.hostVariables, ['locale', 'tld']);
    });

    it('adds the u flag for UTF-8 routes', () => {
      assert.equal(compile('/{name<\\p{L}+>}', { utf8: true }).regex.flags, 'su');
    });
  });

  describe('what it reports', () => {
    it('gives the static prefix, up to the separator of a required variable', () => {
      assert.equal(compile('/blog/{slug}').staticPrefix, '/blog');
      assert.equal(compile('/blog-{slug}').staticPrefix, '/blog-');
      assert.equal(compile('/{slug}').staticPrefix, '');
      assert.equal(compile('/blog-{page}', { defaults: { page: 1 } }).staticPrefix, '/blog');
      assert.equal(compile('/about').staticPrefix, '/about');
    });

    it('lists host variables before path variables, each once', () => {
      const compiled = compile('/{locale}/{id}', { host: '{locale}.example.com' });
      assert.deepEqual(compiled.pathVariables, ['locale', 'id']);
      assert.deepEqual(compiled.variables, ['locale', 'id']);
    });

    it('writes the locale of a localized route into its path', () => {
      const route = new Route('/{_locale}/about', { defaults: { _locale: 'fr', _canonical_route: 'about' }, requirements: { _locale: 'fr' } });
      assert.equal(route.compile().regex.source, '^\\/fr\\/about$');
    });
  });

  describe('invalid routes', () => {
    it('rejects a variable name that starts with a digit', () => {
      assert.throws(() => compile('/{1st}'), new InvalidRouteException(
        'Variable name "1st" cannot start with a digit in route pattern "/{1st}". Please use a different name.',
      ));
    });

    it('rejects a variable name longer than 32 characters', () => {
      const name = 'a'.repeat(33);
      assert.throws(() => compile(`/{${name}}`), new InvalidRouteException(
        `Variable name "${name}" cannot be longer than 32 characters in route pattern "/{${name}}". Please use a shorter name.`,
      ));
      assert.doesNotThrow(() => compile(`/{${'a'.repeat(32)}}`));
    });

    it('rejects a variable used twice', () => {
      assert.throws(() => compile('/{id}/{id}'), new InvalidRouteException(
        'Route pattern "/{id}/{id}" cannot reference variable name "id" more than once.',
      ));
    });

    it('rejects _fragment as a path variable', () => {
      assert.throws(() => compile('/{_fragment}'), /cannot contain "_fragment" as a path parameter/);
    });

    it('rejects non-ASCII patterns and requirements without the utf8 option', () => {
      assert.throws(() => compile('/café'), /Cannot use UTF-8 route patterns without setting the "utf8" option for route "\/café"\./);
      assert.throws(() => compile('/{name<\\p{L}+>}'), /Cannot use UTF-8 route requirements without setting the "utf8" option for variable "name"/);
    });

    it('rejects a requirement that is not a regular expression, naming the variable', () => {
      assert.throws(() => compile('/{id<[a-}>}'), /Routing requirement for "id" in pattern "\/\{id\}" is not a valid regular expression/);
    });
  });
});
