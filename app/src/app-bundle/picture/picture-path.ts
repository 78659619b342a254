import { isSharedStorage } from './create-picture-store.ts';

/**
 * The `picture_path` filter: `{{ asset(event.image|picture_path) }}`. Local pictures are
 * static files under the bundle's assets; shared ones come from `/pictures/{name}`.
 */
export function picturePathFilter(storage: string): (name: string) => string {
  return isSharedStorage(storage) ? (name) => `/pictures/${encodeURIComponent(name)}` : (name) => `bundles/app/images/events/${name}`;
}
