import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadedFile } from 'sluice';
import sharp from 'sharp';
import { EventImages, formatSize, slug } from './event-images.ts';
import { LocalPictureStore } from '../picture/local-picture-store.ts';

// A real (tiny) JPEG: uploads must decode, not just start like one.
const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } }).jpeg().toBuffer();
const upload = (bytes: Buffer, name = 'x.jpg', type = 'image/jpeg') => new UploadedFile(new File([bytes], name, { type }));

/** Event images over a local store in a directory of this test's own. */
function images(): { images: EventImages; dir: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'sluice-images-')), 'uploads');
  return { images: new EventImages({ store: new LocalPictureStore(dir), maxBytes: 1024 }), dir };
}

describe('EventImages', () => {
  it('accepts a JPEG by its first bytes, whatever name and type the browser sent', async () => {
    assert.equal(await images().images.problemWith(upload(jpeg, 'photo.png', 'application/octet-stream')), undefined);
  });

  it('refuses other files, even named and typed as JPEG', async () => {
    const { images: store } = images();
    for (const bytes of [Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('GIF89a'), Buffer.from('<svg/>'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      assert.equal(await store.problemWith(upload(bytes)), 'The image must be a JPEG file.');
    }
  });

  it('refuses a polyglot: JPEG magic bytes followed by HTML, or a JPEG cut short', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    assert.equal(await images().images.problemWith(upload(polyglot)), 'The image must be a JPEG file.');
    assert.equal(await images().images.problemWith(upload(jpeg.subarray(0, jpeg.length - 60))), 'The image must be a JPEG file.');
  });

  it('removes a stored picture when the write that refers to it fails, and keeps it when the write succeeds', async () => {
    const { images: store, dir } = images();
    const name = await store.store(upload(jpeg), 'Orphan');
    await assert.rejects(store.removedIfFails(name, () => Promise.reject(new Error('database down'))), /database down/);
    assert.equal(existsSync(join(dir, name)), false);
    const kept = await store.store(upload(jpeg), 'Kept');
    assert.equal(await store.removedIfFails(kept, () => 7), 7);
    assert.equal(existsSync(join(dir, kept)), true);
  });

  it('refuses a file over the size limit', async () => {
    assert.equal(await images().images.problemWith(upload(Buffer.concat([jpeg, Buffer.alloc(1024)]))), 'The image cannot be larger than 1 KB.');
  });

  it('stores under a name of its own making, whatever name the browser sent', async () => {
    const { images: store, dir } = images();
    const name = await store.store(upload(jpeg, '../../etc/passwd'), 'Summer Fair: Café & Co.');
    assert.match(name, /^summer-fair-cafe-co-[0-9a-f]{8}\.JPG$/);
    assert.ok(readFileSync(join(dir, name)).equals(jpeg));
  });
});
