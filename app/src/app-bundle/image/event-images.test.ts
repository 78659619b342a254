import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadedFile } from 'sluice';
import sharp from 'sharp';
import { EventImages, formatSize, slug } from './event-images.ts';
import { LocalPictureStore } from '../picture/local-picture-store.ts';

// A real (tiny) JPEG: uploads must decode, not just start like one.
const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } }).jpeg().toBuffer();
const upload = (bytes: Buffer, name = 'x.jpg', type = 'image/jpeg') => new UploadedFile(new File([bytes], name, { type }));

/** A project with the bundle's images directory and `public/bundles/app` installed as `install`. */
function images(install: 'copy' | 'symlink' | 'none', published: () => Promise<void> = async () => {}): { images: EventImages; bundleDir: string; installedDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'sluice-images-'));
  const bundlePublic = join(root, 'bundle', 'Resources', 'public');
  const bundleDir = join(bundlePublic, 'images', 'events');
  mkdirSync(bundleDir, { recursive: true });
  const installedDir = join(root, 'public', 'bundles', 'app');
  mkdirSync(join(root, 'public', 'bundles'), { recursive: true });
  if (install === 'copy') mkdirSync(join(installedDir, 'images', 'events'), { recursive: true });
  if (install === 'symlink') symlinkSync(bundlePublic, installedDir, 'dir');
  return { images: new EventImages({ store: new LocalPictureStore({ bundleDir, installedDir, published }), maxBytes: 1024 }), bundleDir, installedDir };
}

describe('EventImages', () => {
  it('accepts a JPEG by its first bytes, whatever name and type the browser sent', async () => {
    assert.equal(await images('none').images.problemWith(upload(jpeg, 'photo.png', 'application/octet-stream')), undefined);
  });

  it('refuses other files, even named and typed as JPEG', async () => {
    const { images: store } = images('none');
    for (const bytes of [Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('GIF89a'), Buffer.from('<svg/>'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      assert.equal(await store.problemWith(upload(bytes)), 'The image must be a JPEG file.');
    }
  });

  it('refuses a polyglot: JPEG magic bytes followed by HTML, or a JPEG cut short', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    assert.equal(await images('none').images.problemWith(upload(polyglot)), 'The image must be a JPEG file.');
    assert.equal(await images('none').images.problemWith(upload(jpeg.subarray(0, jpeg.length - 60))), 'The image must be a JPEG file.');
  });

  it('removes a stored picture when the write that refers to it fails, and keeps it when the write succeeds', async () => {
    const { images: store, bundleDir, installedDir } = images('copy');
    const name = await store.store(upload(jpeg), 'Orphan');
    await assert.rejects(store.removedIfFails(name, () => Promise.reject(new Error('database down'))), /database down/);
    assert.equal(existsSync(join(bundleDir, name)), false);
    assert.equal(existsSync(join(installedDir, 'images', 'events', name)), false);
    const kept = await store.store(upload(jpeg), 'Kept');
    assert.equal(await store.removedIfFails(kept, () => 7), 7);
    assert.equal(existsSync(join(bundleDir, kept)), true);
  });

  it('refuses a file over the size limit', async () => {
    assert.equal(await images('none').images.problemWith(upload(Buffer.concat([jpeg, Buffer.alloc(1024)]))), 'The image cannot be larger than 1 KB.');
  });

  it('stores under a name of its own making, in the bundle and in a copied install, then waits until it is published', async () => {
    let published = 0;
    const { images: store, bundleDir, installedDir } = images('copy', async () => void published++);
    const name = await store.store(upload(jpeg, '../../etc/passwd'), 'Summer Fair: Café & Co.');
    assert.match(name, /^summer-fair-cafe-co-[0-9a-f]{8}\.JPG$/);
    assert.ok(readFileSync(join(bundleDir, name)).equals(jpeg));
    assert.ok(readFileSync(join(installedDir, 'images', 'events', name)).equals(jpeg));
    assert.equal(published, 1);
  });

  it('writes once when the install is a symlink to the bundle, and does not create a missing install', async () => {
    const linked = images('symlink');
    const name = await linked.images.store(upload(jpeg), 'Jazz');
    assert.ok(readFileSync(join(linked.installedDir, 'images', 'events', name)).equals(jpeg));
    const none = images('none');
    await none.images.store(upload(jpeg), 'Jazz');
    assert.ok(!existsSync(none.installedDir));
  });
});

describe('slug', () => {
  it('keeps letters and digits, drops accents, joins with dashes, at most 40 characters', () => {
    assert.deepEqual(
      [slug('Opening Night 2031!'), slug('Fête de la musique'), slug('   '), slug('日本'), slug('a'.repeat(39) + ' bcd')],
      ['opening-night-2031', 'fete-de-la-musique', 'event', 'event', 'a'.repeat(39)],
    );
  });
});

describe('formatSize', () => {
  it('says megabytes from 1 MB, kilobytes below', () => {
    assert.deepEqual([formatSize(2 * 1024 * 1024), formatSize(1.5 * 1024 * 1024), formatSize(64 * 1024), formatSize(1536)], ['2 MB', '1.5 MB', '64 KB', '1.5 KB']);
  });
});
