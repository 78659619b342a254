import { TemplateNotFoundError } from '../template-not-found-error.ts';
import type { TemplateLoader, TemplateSource } from './template-loader.ts';
import { normalizeTemplateName } from './template-name.ts';

/** Templates held in memory, by name: for tests and for templates an application builds itself. */
export class ArrayLoader implements TemplateLoader {
  readonly #templates = new Map<string, string>();

  constructor(templates: Readonly<Record<string, string>> = {}) {
    for (const [name, source] of Object.entries(templates)) this.set(name, source);
  }

  set(name: string, source: string): this {
    this.#templates.set(normalizeTemplateName(name), source);
    return this;
  }

  exists(name: string): boolean {
    return this.#templates.has(normalizeTemplateName(name));
  }

  load(name: string): TemplateSource {
    const normalized = normalizeTemplateName(name);
    const source = this.#templates.get(normalized);
    if (source === undefined) throw new TemplateNotFoundError(normalized);
    return { name: normalized, source };
  }
}
