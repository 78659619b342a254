import { readdirSync } from 'node:fs';

/**
 * The `picture_path` filter: `{{ asset(event.image|picture_path) }}`. The pictures that ship
 * with the bundle are its public assets, served as static files under `/bundles/app/`;
 * every other picture was uploaded, and is served by the picture controller at
 * `/pictures/{name}` from the store APP_STORAGE names, the same from every instance.
 */
export function picturePathFilter(shippedDir: string): (name: string) => string {
  const shipped = new Set(readdirSync(shippedDir));
  return (name) => (shipped.has(name) ? `bundles/app/images/events/${name}` : `/pictures/${encodeURIComponent(name)}`);
}
