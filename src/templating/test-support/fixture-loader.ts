import { fileURLToPath } from 'node:url';
import { FilesystemLoader } from '../loader/filesystem-loader.ts';

const views = fileURLToPath(new URL('./views/', import.meta.url));

/**
 * The fixture templates, laid out as an application sees them: `templates/` (main
 * namespace), `app-bundle/Resources/views` as `@App`, overridden by `templates/bundles/AppBundle`.
 */
export function fixtureLoader(): FilesystemLoader {
  return new FilesystemLoader(`${views}templates`, { App: [`${views}templates/bundles/AppBundle`, `${views}app-bundle/Resources/views`] });
}

export const fixtureViews = views;
