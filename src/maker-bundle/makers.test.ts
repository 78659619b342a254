import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeController, makeSubscriber, type MakerPaths } from './makers.ts';

const paths: MakerPaths = { controllerDir: 'src/controller', subscriberDir: 'src/event-subscriber', templateDir: 'templates', baseTemplate: 'base.html.twig' };

describe('the makers', () => {
  let project: string;
  beforeEach(() => (project = mkdtempSync(join(tmpdir(), 'sluice-maker-'))));
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('make:controller writes a controller with a route and its guessed template', () => {
    const output = makeController(project, paths, 'BlogPost');
    assert.equal(output, ' created: src/controller/blog-post-controller.ts\n created: templates/blog_post/index.html.twig\n\n Next: add BlogPostController to the controllers of your bundle\'s configure(), then open /blog-post.\n');
    const source = readFileSync(join(project, 'src/controller/blog-post-controller.ts'), 'utf8');
    assert.match(source, /export class BlogPostController \{/);
    assert.match(source, /@Route\('\/blog-post', \{ name: 'app_blog_post' \}\)\n {2}@Template\('blog_post\/index\.html\.twig'\)\n {2}index\(\): object \{\n {4}return \{ title: 'Blog post' \};/);
    assert.match(readFileSync(join(project, 'templates/blog_post/index.html.twig'), 'utf8'), /^<!DOCTYPE html>/, 'a whole page without a base template');
  });

  it('make:controller takes the name with its suffix too, and extends the base template when there is one', () => {
    mkdirSync(join(project, 'templates'));
    writeFileSync(join(project, 'templates/base.html.twig'), '{% block body %}{% endblock %}');
    makeController(project, paths, 'ContactController');
    assert.ok(existsSync(join(project, 'src/controller/contact-controller.ts')));
    assert.match(readFileSync(join(project, 'templates/contact/index.html.twig'), 'utf8'), /^\{% extends 'base\.html\.twig' %\}/);
  });

  it('make:subscriber writes a kernel.response subscriber', () => {
    assert.match(makeSubscriber(project, paths, 'Audit'), /^ created: src\/event-subscriber\/audit-subscriber\.ts\n/);
    const source = readFileSync(join(project, 'src/event-subscriber/audit-subscriber.ts'), 'utf8');
    assert.match(source, /export class AuditSubscriber implements EventSubscriber \{/);
    assert.match(source, /\[KernelEvents\.RESPONSE\]: 'onKernelResponse'/);
  });

  it('refuses to overwrite a file, and then writes none of the others', () => {
    mkdirSync(join(project, 'templates/blog_post'), { recursive: true });
    writeFileSync(join(project, 'templates/blog_post/index.html.twig'), 'mine');
    assert.throws(() => makeController(project, paths, 'BlogPost'), { message: 'templates/blog_post/index.html.twig already exists: nothing was written (choose another name, or edit that file).' });
    assert.ok(!existsSync(join(project, 'src/controller/blog-post-controller.ts')));
    assert.equal(readFileSync(join(project, 'templates/blog_post/index.html.twig'), 'utf8'), 'mine');
  });

  for (const name of ['blogPost', 'blog-post', 'Blog Post', '../Evil', 'Controller', 'Élan']) {
    it(`refuses "${name}" as a class name`, () => {
      assert.throws(() => makeController(project, paths, name), /is not a valid class name/);
      assert.throws(() => makeSubscriber(project, paths, name === 'Controller' ? 'Subscriber' : name), /is not a valid class name/);
    });
  }
});

describe('the makers in a bundle\'s directories', () => {
  it('extend the bundle\'s layout through its namespace', () => {
    const project = mkdtempSync(join(tmpdir(), 'sluice-maker-'));
    try {
      const views = 'src/app-bundle/Resources/views';
      mkdirSync(join(project, views), { recursive: true });
      writeFileSync(join(project, views, 'base.html.twig'), '{% block body %}{% endblock %}');
      const output = makeController(project, { ...paths, controllerDir: 'src/app-bundle/controller', templateDir: views, templateNamespace: 'App' }, 'Venue');
      assert.match(output, /^ created: src\/app-bundle\/controller\/venue-controller\.ts\n created: src\/app-bundle\/Resources\/views\/venue\/index\.html\.twig\n/);
      assert.match(readFileSync(join(project, 'src/app-bundle/controller/venue-controller.ts'), 'utf8'), /@Template\('@App\/venue\/index\.html\.twig'\)/);
      const template = readFileSync(join(project, views, 'venue/index.html.twig'), 'utf8');
      assert.match(template, /^\{% extends '@App\/base\.html\.twig' %\}/);
      assert.match(template, /change it in <code>src\/app-bundle\/Resources\/views\/venue\/index\.html\.twig<\/code>/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
