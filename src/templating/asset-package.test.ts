import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AssetPackage } from './asset-package.ts';

describe('AssetPackage', () => {
  it('makes a relative path absolute from the site root', () => {
    assert.equal(new AssetPackage().getUrl('bundles/app/images/events/opening.JPG'), '/bundles/app/images/events/opening.JPG');
  });

  it('prefixes the base path', () => {
    assert.equal(new AssetPackage({ basePath: 'https://cdn.example.com/' }).getUrl('app.css'), 'https://cdn.example.com/app.css');
  });

  it('adds the version', () => {
    assert.equal(new AssetPackage({ version: 'v2' }).getUrl('app.css'), '/app.css?v2');
  });

  it('keeps absolute paths and URLs as they are', () => {
    const assets = new AssetPackage({ basePath: '/static' });
    assert.deepEqual([assets.getUrl('/robots.txt'), assets.getUrl('https://x.test/a.js'), assets.getUrl('//cdn.test/a.js')], ['/robots.txt', 'https://x.test/a.js', '//cdn.test/a.js']);
  });
});
