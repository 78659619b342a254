import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from '../kernel/bundle.ts';

/**
 * The directories of a bundle's template namespace (`AppBundle` → `@App`), the
 * application's overrides first: `<projectDir>/templates/bundles/<Bundle>`, then the
 * bundle's `Resources/views`, each when it exists. None: the bundle has no namespace,
 * and its controllers' guessed templates are the application's own (no `@Name/`).
 */
export function bundleTemplateDirs(projectDir: string, bundle: Bundle): string[] {
  const override = join(projectDir, 'templates', 'bundles', bundle.name);
  const views = bundle.path === undefined ? undefined : join(bundle.path, 'Resources', 'views');
  return [override, views].filter((dir): dir is string => dir !== undefined && existsSync(dir));
}

/** `AppBundle` → `App`: the namespace templates name as `@App/...`. */
export function bundleNamespace(bundle: Bundle): string {
  return bundle.name.replace(/Bundle$/, '');
}
