import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeTemplateName } from './template-name.ts';
import { TemplateError } from '../template-error.ts';

describe('normalizeTemplateName', () => {
  it('gives one canonical form, the same when asked again', () => {
    assert.deepEqual(
      [normalizeTemplateName('/event//show.html.twig'), normalizeTemplateName('/event//show.html.twig'), normalizeTemplateName('event\\show.html.twig')],
      ['event/show.html.twig', 'event/show.html.twig', 'event/show.html.twig'],
    );
  });

  it('refuses a name climbing out of the template directories every time it is given', () => {
    for (let i = 0; i < 2; i++) assert.throws(() => normalizeTemplateName('event/../../secret.twig'), TemplateError);
  });

  it('stays right past the names it remembers', () => {
    for (let i = 0; i < 2100; i++) assert.equal(normalizeTemplateName(`//n${i}//x.twig`), `n${i}/x.twig`);
  });
});
