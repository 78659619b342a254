import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemLoader } from '../loader/filesystem-loader.ts';
import { TwigEngine } from './twig-engine.ts';
import { precompileTwigTemplates, precompiledTemplatesFile, readPrecompiledTemplates } from './precompiled-templates.ts';

/** A project directory with a layout, a page extending it, a broken template and a file under var/. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-precompile-'));
  mkdirSync(join(dir, 'views'));
  mkdirSync(join(dir, 'var'));
  writeFileSync(join(dir, 'views', 'base.html.twig'), '<title>{% block title %}{% endblock %}</title>');
  writeFileSync(join(dir, 'views', 'page.html.twig'), "{% extends 'base.html.twig' %}{% block title %}{{ name|upper }} & co{% endblock %}");
  writeFileSync(join(dir, 'views', 'other.html.twig'), 'Other {{ name }}');
  writeFileSync(join(dir, 'views', 'broken.html.twig'), '{% if %}');
  writeFileSync(join(dir, 'var', 'left-out.html.twig'), '{{ x }}');
  return dir;
}

describe('templates parsed ahead', () => {
  it('writes every template that parses, relative to the project, and names the ones that do not', () => {
    const dir = project();
    const out = precompiledTemplatesFile(join(dir, 'var', 'cache', 'prod'));
    const { written, failed } = precompileTwigTemplates(dir, out);
    assert.deepEqual(written.sort(), ['views/base.html.twig', 'views/other.html.twig', 'views/page.html.twig']);
    assert.deepEqual(failed, ['views/broken.html.twig']);
    assert.deepEqual(Object.keys((JSON.parse(readFileSync(out, 'utf8')) as { templates: object }).templates).sort(), written.sort());
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the same output from the parsed tokens as from the source', async () => {
    const dir = project();
    const out = join(dir, 'var', 'templates.json');
    precompileTwigTemplates(dir, out);
    const precompiled = readPrecompiledTemplates(out, dir);
    const ahead = new TwigEngine({ loader: new FilesystemLoader(join(dir, 'views')), precompiled });
    const fresh = new TwigEngine({ loader: new FilesystemLoader(join(dir, 'views')) });
    assert.equal(await ahead.render('page.html.twig', { name: 'a<b' }), '<title>A&lt;B & co</title>');
    assert.equal(await ahead.render('page.html.twig', { name: 'a<b' }), await fresh.render('page.html.twig', { name: 'a<b' }));
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders from the tokens the lookup gives, without parsing the source', async () => {
    const dir = project();
    const out = join(dir, 'var', 'templates.json');
    precompileTwigTemplates(dir, out);
    const precompiled = readPrecompiledTemplates(out, dir)!;
    const otherPath = join(dir, 'views', 'other.html.twig');
    // page.html.twig answered with other.html.twig's tokens: the output shows which were used
    const swapped = new TwigEngine({
      loader: new FilesystemLoader(join(dir, 'views')),
      precompiled: (path) => (path.endsWith('page.html.twig') ? precompiled(otherPath, readFileSync(otherPath, 'utf8')) : undefined),
    });
    assert.equal(await swapped.render('page.html.twig', { name: 'ada' }), 'Other ada');
    rmSync(dir, { recursive: true, force: true });
  });

  it('ignores a template whose source changed since the build', async () => {
    const dir = project();
    const out = join(dir, 'var', 'templates.json');
    precompileTwigTemplates(dir, out);
    writeFileSync(join(dir, 'views', 'other.html.twig'), 'Changed {{ name }}');
    const precompiled = readPrecompiledTemplates(out, dir)!;
    assert.equal(precompiled(join(dir, 'views', 'other.html.twig'), 'Changed {{ name }}'), undefined);
    const engine = new TwigEngine({ loader: new FilesystemLoader(join(dir, 'views')), precompiled });
    assert.equal(await engine.render('other.html.twig', { name: 'ada' }), 'Changed ada');
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no lookup without a file, or from a file of another twig.js version', () => {
    const dir = project();
    assert.equal(readPrecompiledTemplates(join(dir, 'var', 'none.json'), dir), undefined);
    const out = join(dir, 'var', 'templates.json');
    writeFileSync(out, JSON.stringify({ twig: '0.0.1', templates: {} }));
    assert.equal(readPrecompiledTemplates(out, dir), undefined);
    rmSync(dir, { recursive: true, force: true });
  });
});
