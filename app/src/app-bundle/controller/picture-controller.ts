import { NotFoundHttpException, Request, Response } from 'sluice';
import { Args, Route } from 'sluice/decorators';
import type { PictureStore, StoredPicture } from '../picture/picture-store.ts';

/** A year: a picture's name changes with its bytes, so a stored name never means other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pictures from a shared store (APP_STORAGE other than `local`), the same from every
 * instance: `/pictures/{name}`, with the store's ETag (a revalidation gets a 304) and a
 * long cache life. The site's first pictures ship with the bundle, so they are looked up
 * there when the store does not have them.
 */
export class PictureController {
  readonly #sources: () => PictureStore[];

  constructor(sources: () => PictureStore[]) {
    this.#sources = sources;
  }

  @Route('/pictures/{name}', { name: 'app_picture', requirements: { name: '[A-Za-z0-9_-][A-Za-z0-9._-]*' }, methods: ['GET', 'HEAD'] })
  @Args({ request: Request, name: String })
  async showAction(request: Request, name: string): Promise<Response> {
    const picture = await this.#find(name);
    if (picture === undefined) throw new NotFoundHttpException(`No picture named "${name}".`);
    const response = new Response(picture.bytes, 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': IMMUTABLE });
    response.setEtag(picture.etag);
    response.isNotModified(request);
    return response;
  }

  async #find(name: string): Promise<StoredPicture | undefined> {
    for (const source of this.#sources()) {
      const picture = await source.get(name);
      if (picture !== undefined) return picture;
    }
    return undefined;
  }
}
