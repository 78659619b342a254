import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Translator } from './translator.ts';

function translator(locale?: string): Translator {
  const t = new Translator({ defaultLocale: 'en', currentLocale: () => locale });
  t.addMessages('en', { 'event.when': 'When', 'event.seats': '{count} seat left|{count} seats left', greeting: 'Hello %name%!' });
  t.addMessages('fr', { 'event.when': 'Quand', 'event.seats': 'one:{count} place restante|other:{count} places restantes' });
  return t;
}

describe('Translator', () => {
  it('translates into the current request\'s locale', () => {
    assert.equal(translator('fr').trans('event.when'), 'Quand');
    assert.equal(translator('en').trans('event.when'), 'When');
  });

  it('falls back to the default locale, then to the key itself', () => {
    const missing: string[] = [];
    const t = new Translator({ defaultLocale: 'en', currentLocale: () => 'fr', onMissing: (key, locale) => missing.push(`${locale}:${key}`) });
    t.addMessages('en', { greeting: 'Hello %name%!' });
    assert.equal(t.trans('greeting', { name: 'Ada' }), 'Hello Ada!');
    assert.equal(t.trans('nope'), 'nope');
    t.trans('nope');
    assert.deepEqual(missing, ['fr:greeting', 'fr:nope']);
  });

  it('uses a region locale\'s language when the region has no catalog', () => {
    assert.equal(translator('fr_CA').trans('event.when'), 'Quand');
  });

  it('chooses the plural form by count with the locale\'s rules', () => {
    assert.equal(translator('en').trans('event.seats', { count: 1 }), '1 seat left');
    assert.equal(translator('en').trans('event.seats', { count: 3 }), '3 seats left');
    assert.equal(translator('fr').trans('event.seats', { count: 0 }), '0 place restante');
    assert.equal(translator('fr').trans('event.seats', { count: 2 }), '2 places restantes');
  });

  it('loads <domain>.<locale>.json files from a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-trans-'));
    writeFileSync(join(dir, 'messages.fr.json'), JSON.stringify({ home: 'Accueil' }));
    writeFileSync(join(dir, 'admin.en.json'), JSON.stringify({ save: 'Save' }));
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const t = new Translator({ defaultLocale: 'en' });
    t.loadDirectory(dir);
    assert.equal(t.trans('home', {}, 'messages', 'fr'), 'Accueil');
    assert.equal(t.trans('save', {}, 'admin'), 'Save');
    assert.deepEqual(t.locales(), ['en', 'fr']);
  });
});
