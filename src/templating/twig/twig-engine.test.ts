import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TwigEngine, type TwigEngineOptions } from './twig-engine.ts';
import { ArrayLoader } from '../loader/array-loader.ts';
import { FilesystemLoader } from '../loader/filesystem-loader.ts';
import { TemplateError } from '../template-error.ts';
import { TemplateNotFoundError } from '../template-not-found-error.ts';
import { templateEngineContract } from '../template-engine.contract.test.ts';
import { fixtureLoader } from '../test-support/fixture-loader.ts';
import { typescriptImport } from '../../test-support/node-typescript.ts';

const greeting = 'Hello, {{ name }}!';
templateEngineContract('TwigEngine over an ArrayLoader', () => new TwigEngine({ loader: new ArrayLoader({ 'contract/greeting.html.twig': greeting }) }));
templateEngineContract('TwigEngine over a FilesystemLoader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-twig-'));
  mkdirSync(join(dir, 'contract'));
  writeFileSync(join(dir, 'contract', 'greeting.html.twig'), greeting);
  return new TwigEngine({ loader: new FilesystemLoader(dir) });
});

const engine = (options: Partial<TwigEngineOptions> = {}): TwigEngine => new TwigEngine({ loader: fixtureLoader(), ...options });

/** The TemplateError a render throws. */
async function failure(render: () => unknown): Promise<TemplateError> {
  try {
    await render();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('The render did not fail.');
}

describe('TwigEngine', () => {
  it('renders a bundle template that extends an application layout and includes a namespaced partial', async () => {
    assert.equal(
      await engine().render('@App/event/show.html.twig', { event: { name: 'Jazz Night' } }),
      '<!DOCTYPE html>\n<title>Jazz Night</title>\n<main><h1>Jazz Night</h1>\n</main>\n',
    );
  });

  it('prefers the application\'s override of a bundle template', async () => {
    assert.equal(await engine().render('@App/event/overridden.html.twig'), 'from the application\n');
  });

  it('prints a value marked raw as it is', async () => {
    const raw = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ html|raw }} {{ html }}' }) });
    assert.equal(await raw.render('a.twig', { html: '<b>' }), '<b> &lt;b&gt;');
  });

  it('escapes by the template\'s file name: JavaScript, plain text, HTML', async () => {
    const named = new TwigEngine({ loader: new ArrayLoader({ 'a.js.twig': 'var s = "{{ s }}";', 'a.txt.twig': '{{ s }}', 'a.html.twig': '{{ s }}' }) });
    const s = '</script>"';
    assert.deepEqual(
      [await named.render('a.js.twig', { s }), await named.render('a.txt.twig', { s }), await named.render('a.html.twig', { s })],
      ['var s = "\\u003C\\/script\\u003E\\u0022";', '</script>"', '&lt;/script&gt;&quot;'],
    );
  });

  it('lets templates call the functions it was given, with hash arguments as plain objects', async () => {
    const withPath = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ path("event_show", {id: 3}) }}' }), functions: { path: (name: string, params: object) => `${name}:${JSON.stringify(params)}` } });
    assert.equal(await withPath.render('a.twig'), 'event_show:{&quot;id&quot;:3}');
  });

  it('lets templates apply the filters it was given, with their arguments and hash arguments as plain objects', async () => {
    const withFilters = new TwigEngine({
      loader: new ArrayLoader({ 'a.twig': '{{ "hi"|shout }} {{ "n"|tag({id: 3}, "x") }} {{ "<b>"|shout }}' }),
      filters: { shout: (value: string) => `${value.toUpperCase()}!`, tag: (value: string, params: object, more: string) => `${value}:${JSON.stringify(params)}:${more}` },
    });
    assert.equal(await withFilters.render('a.twig'), 'HI! n:{&quot;id&quot;:3}:x &lt;B&gt;!');
  });

  it('gives every template the globals, under its own variables', async () => {
    const withGlobals = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ site }} {{ app.request.method }}' }), globals: () => ({ site: 'Events', app: { request: { method: 'GET' } } }) });
    assert.deepEqual([await withGlobals.render('a.twig'), await withGlobals.render('a.twig', { site: 'Mine' })], ['Events GET', 'Mine GET']);
  });

  it('keeps compiled templates when caching, so later edits are not seen', async () => {
    const loader = new ArrayLoader({ 'a.twig': 'one' });
    const cached = new TwigEngine({ loader, cache: true });
    await cached.render('a.twig');
    loader.set('a.twig', 'two');
    assert.equal(await cached.render('a.twig'), 'one');
  });

  it('reads templates again on each render without the cache', async () => {
    const loader = new ArrayLoader({ 'a.twig': 'one' });
    const fresh = new TwigEngine({ loader, cache: false });
    await fresh.render('a.twig');
    loader.set('a.twig', 'two');
    assert.equal(await fresh.render('a.twig'), 'two');
  });

  it('keeps two engines\' templates and functions apart', async () => {
    const first = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ f() }}' }), functions: { f: () => 'first' } });
    const second = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ f() }}' }), functions: { f: () => 'second' } });
    assert.deepEqual([await first.render('a.twig'), await second.render('a.twig')], ['first', 'second']);
  });

  it('streams in parts without splitting a character', async () => {
    const long = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ text }}' }) });
    const text = 'a'.repeat(16 * 1024 - 1) + '😀'.repeat(20_000);
    const parts: string[] = [];
    for await (const part of long.renderStream('a.twig', { text })) parts.push(part);
    assert.ok(parts.length > 1);
    assert.ok(parts.every((part) => Buffer.from(part).toString() === part));
    assert.equal(parts.join(''), text);
  });

  describe('errors', () => {
    it('names the template and line of a syntax error', async () => {
      assert.equal((await failure(() => engine().render('broken/syntax.html.twig'))).message, 'Unable to find closing bracket \'}}\' opened near template position 19 in "broken/syntax.html.twig" at line 2.');
    });

    it('names the template and line of an unclosed tag', async () => {
      const error = (await failure(() => engine().render('broken/unclosed-if.html.twig')));
      assert.deepEqual([error.templateName, error.templateLine], ['broken/unclosed-if.html.twig', 2]);
    });

    it('names the template and line of an unknown function', async () => {
      const error = (await failure(() => engine().render('broken/unknown-function.html.twig')));
      assert.match(error.message, /^nofn function does not exist .* in "broken\/unknown-function\.html\.twig" at line 3\.$/);
    });

    it('says where it looked for a missing template', async () => {
      const error = (await failure(() => engine().render('nope.html.twig')));
      assert.ok(error instanceof TemplateNotFoundError);
      assert.match(error.message, /^Unable to find template "nope\.html\.twig" \(looked into: .*views\/templates\)\.$/);
    });

    it('names the template and line that include a missing one', async () => {
      const error = (await failure(() => engine().render('broken/missing-include.html.twig')));
      assert.match(error.message, /^Unable to find template "nowhere\.html\.twig" \(looked into: .*\) in "broken\/missing-include\.html\.twig" at line 2\.$/);
    });

    it('says a namespace has no directories', async () => {
      assert.equal((await failure(() => engine().render('@Admin/x.html.twig'))).message, 'Unable to find template "@Admin/x.html.twig" (looked into: no registered paths for namespace "Admin").');
    });

    it('wraps an exception thrown by a function, keeping it as the cause', async () => {
      const boom = new Error('boom');
      const error = (await failure(() => engine({ functions: { fail: () => { throw boom; } } }).render('broken/throwing-function.html.twig')));
      assert.equal(error.message, 'An exception has been thrown during the rendering of a template ("boom") in "broken/throwing-function.html.twig".');
      assert.equal(error.cause, boom);
    });

    it('refuses a name that climbs out of the template directories', async () => {
      assert.match((await failure(() => engine().render('../../package.json'))).message, /^Looks like you try to load a template outside configured directories/);
    });

    it('fails on an undefined variable in strict mode', async () => {
      const strict = new TwigEngine({ loader: new ArrayLoader({ 'a.twig': '{{ missing }}' }), strictVariables: true });
      await assert.rejects(async () => strict.render('a.twig'), TemplateError);
    });
  });
});

describe('TwigEngine\'s twig.js', () => {
  it('is loaded by the first engine made, not by importing the engine or the templating bundle', () => {
    // In a process of its own: this one made engines above.
    const script = `
      import { createRequire } from 'node:module';
      const { TwigEngine } = await import(${JSON.stringify(new URL('./twig-engine.ts', import.meta.url).href)});
      const { ArrayLoader } = await import(${JSON.stringify(new URL('../loader/array-loader.ts', import.meta.url).href)});
      await import(${JSON.stringify(new URL('../../templating-bundle/templating-bundle.ts', import.meta.url).href)});
      const twigLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/twig/') && file.endsWith('.js'));
      const before = twigLoaded();
      const output = await new TwigEngine({ loader: new ArrayLoader({ 'hello.html.twig': 'Hello, {{ name }}!' }) }).render('hello.html.twig', { name: '<Ada>' });
      process.stdout.write(JSON.stringify({ before, after: twigLoaded(), output }));`;
    const child = spawnSync(process.execPath, [...typescriptImport, '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { before: false, after: true, output: 'Hello, &lt;Ada&gt;!' });
  });
});
