import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemLoader } from './filesystem-loader.ts';
import { TemplateNotFoundError } from '../template-not-found-error.ts';
import { fixtureLoader, fixtureViews } from '../test-support/fixture-loader.ts';

describe('FilesystemLoader', () => {
  it('finds a bare name in the main paths', () => {
    assert.equal(fixtureLoader().load('base.html.twig').path, join(fixtureViews, 'templates', 'base.html.twig'));
  });

  it('finds @Namespace/ names in that namespace\'s paths', () => {
    assert.match(fixtureLoader().load('@App/event/_card.html.twig').source, /<h1>/);
  });

  it('takes the first directory of a namespace that holds the file', () => {
    assert.equal(fixtureLoader().load('@App/event/overridden.html.twig').source, 'from the application\n');
  });

  it('looks first into a prepended directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-views-'));
    writeFileSync(join(dir, 'base.html.twig'), 'prepended');
    assert.equal(fixtureLoader().prependPath(dir).load('base.html.twig').source, 'prepended');
  });

  it('normalizes names, so different spellings find one template', () => {
    assert.equal(fixtureLoader().load('//base.html.twig').name, 'base.html.twig');
    assert.equal(fixtureLoader().load('@App\\event\\_card.html.twig').name, '@App/event/_card.html.twig');
  });

  it('says a name that climbs out of its directories does not exist', () => {
    assert.equal(fixtureLoader().exists('@App/../../templates/base.html.twig'), false);
  });

  it('lists the directories it looked into when a template is missing', () => {
    assert.throws(() => fixtureLoader().load('@App/none.html.twig'), (error: TemplateNotFoundError) => {
      assert.equal(error.lookedInto.length, 2);
      return true;
    });
  });

  it('notices a template removed since it was found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-views-'));
    writeFileSync(join(dir, 'gone.twig'), 'here');
    const loader = new FilesystemLoader(dir);
    loader.load('gone.twig');
    rmSync(join(dir, 'gone.twig'));
    assert.throws(() => loader.load('gone.twig'), TemplateNotFoundError);
  });
});
