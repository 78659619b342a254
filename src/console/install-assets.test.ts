import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import { installAssets } from './install-assets.ts';

class ImagesBundle extends Bundle {
  readonly #dir: string;

  constructor(dir: string) {
    super();
    this.#dir = dir;
  }

  override get path(): string {
    return this.#dir;
  }
}

function bundleWithFiles(count: number): ImagesBundle {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-assets-'));
  const images = join(dir, 'Resources', 'public', 'images');
  mkdirSync(images, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(images, `${i}.JPG`), `image ${i}`);
  return new ImagesBundle(dir);
}

describe('installAssets', () => {
  it('copies a bundle\'s public files under public/bundles/<short name>', () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'sluice-public-'));
    const [result] = installAssets([bundleWithFiles(3)], publicDir, false);
    assert.deepEqual(result, { bundle: 'ImagesBundle', target: 'bundles/images', method: 'copy', files: 3 });
    assert.equal(readFileSync(join(publicDir, 'bundles', 'images', 'images', '2.JPG'), 'utf8'), 'image 2');
  });

  it('reports progress file by file, for many files', () => {
    const seen: string[] = [];
    installAssets([bundleWithFiles(60)], mkdtempSync(join(tmpdir(), 'sluice-public-')), false, (done, total) => seen.push(`${done}/${total}`));
    assert.equal(seen.length, 60);
    assert.equal(seen[0], '1/60');
    assert.equal(seen.at(-1), '60/60');
  });

  it('links instead of copying with symlink, relatively', () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'sluice-public-'));
    installAssets([bundleWithFiles(1)], publicDir, true);
    assert.ok(!readlinkSync(join(publicDir, 'bundles', 'images')).startsWith('/'));
  });
});
