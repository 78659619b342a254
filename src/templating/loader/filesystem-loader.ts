import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TemplateNotFoundError } from '../template-not-found-error.ts';
import { TemplateError } from '../template-error.ts';
import type { TemplateLoader, TemplateSource } from './template-loader.ts';
import { MAIN_NAMESPACE, normalizeTemplateName, splitNamespace } from './template-name.ts';

/**
 * Templates in directories, per namespace: `event/show.html.twig` is looked for in the
 * main paths (the application's `templates/`), `@App/event/show.html.twig` in the paths
 * of namespace `App` (an application override first, then `<bundle>/Resources/views`).
 * The first directory holding the file wins. Where a name was found is remembered; the
 * text is read on each load, so the engine decides what to cache.
 */
export class FilesystemLoader implements TemplateLoader {
  readonly #paths = new Map<string, string[]>();
  readonly #found = new Map<string, string>();

  constructor(paths: string | readonly string[] = [], namespaces: Readonly<Record<string, string | readonly string[]>> = {}) {
    for (const path of typeof paths === 'string' ? [paths] : paths) this.addPath(path);
    for (const [namespace, dirs] of Object.entries(namespaces)) for (const dir of typeof dirs === 'string' ? [dirs] : dirs) this.addPath(dir, namespace);
  }

  addPath(dir: string, namespace = MAIN_NAMESPACE): this {
    this.#dirs(namespace).push(resolve(dir));
    this.#found.clear();
    return this;
  }

  /** Adds a directory looked into before the others of the namespace (an application's override of a bundle's templates). */
  prependPath(dir: string, namespace = MAIN_NAMESPACE): this {
    this.#dirs(namespace).unshift(resolve(dir));
    this.#found.clear();
    return this;
  }

  getPaths(namespace = MAIN_NAMESPACE): readonly string[] {
    return this.#paths.get(namespace) ?? [];
  }

  getNamespaces(): string[] {
    return [...this.#paths.keys()];
  }

  exists(name: string): boolean {
    try {
      return this.#find(normalizeTemplateName(name)) !== undefined;
    } catch (error) {
      if (error instanceof TemplateError) return false;
      throw error;
    }
  }

  load(name: string): TemplateSource {
    const normalized = normalizeTemplateName(name);
    const path = this.#find(normalized);
    if (path === undefined) {
      const [namespace] = splitNamespace(normalized);
      const dirs = this.getPaths(namespace);
      if (dirs.length === 0 && namespace !== MAIN_NAMESPACE) throw new TemplateNotFoundError(normalized, [`no registered paths for namespace "${namespace}"`]);
      throw new TemplateNotFoundError(normalized, dirs);
    }
    try {
      return { name: normalized, source: readFileSync(path, 'utf8'), path };
    } catch (error) {
      // Removed since it was found: look again, which ends in a not-found error or another file.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#found.delete(normalized);
      return this.load(normalized);
    }
  }

  #find(name: string): string | undefined {
    const cached = this.#found.get(name);
    if (cached !== undefined) return cached;
    const [namespace, relative] = splitNamespace(name);
    for (const dir of this.getPaths(namespace)) {
      const path = join(dir, relative);
      if (isFile(path)) {
        this.#found.set(name, path);
        return path;
      }
    }
    return undefined;
  }

  #dirs(namespace: string): string[] {
    let dirs = this.#paths.get(namespace);
    if (dirs === undefined) this.#paths.set(namespace, (dirs = []));
    return dirs;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
