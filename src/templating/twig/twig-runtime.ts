import { createRequire } from 'node:module';

/** The parts of twig.js (a CommonJS package without types) that the engine uses. */
export interface TwigTemplate {
  readonly id: string;
  renderAsync(context: Record<string, unknown>): Promise<unknown>;
}

export interface TwigOptions {
  strictVariables: boolean;
  /** An escaping strategy (`html`, `js`, `css`), or false for none. */
  autoescape: string | false;
  allowInlineIncludes: boolean;
  rethrow: boolean;
  namespaces: undefined;
}

interface LoadParams {
  id: string;
  method: string;
  async: false;
  options: TwigOptions;
}

/** twig.js internals reached through `extend`: the template registry, loaders and path resolution. */
export interface TwigCore {
  Templates: {
    registerLoader(method: string, loader: (location: string, params: LoadParams) => TwigTemplate): void;
    loadRemote(location: string, params: LoadParams): TwigTemplate;
    /** `data`: a template's source, or the tokens twig.js parsed it into (precompiled); no `id`, no entry in the registry. */
    parsers: { twig(params: { data: string | unknown[]; id: string | undefined; name: string; method: string; options: TwigOptions }): TwigTemplate & { tokens: unknown[] } };
  };
  path: { parsePath(template: TwigTemplate, file: string): string };
}

export interface TwigInstance {
  cache(enabled: boolean): void;
  extend(fn: (core: TwigCore) => void): void;
  extendFunction(name: string, fn: (...args: unknown[]) => unknown): void;
  extendFilter(name: string, fn: (value: unknown, args: unknown[] | false) => unknown): void;
}

/**
 * twig.js with locutus, loaded by the first engine made rather than when this module is
 * imported: a server whose routes render no template (an API, the error pages of a JSON
 * app) does not keep twig.js's code and objects resident.
 */
let twig: (TwigInstance & { factory(): TwigInstance }) | undefined;

/**
 * A separate twig.js instance. twig.js keeps its template registry, functions and cache
 * switch in module state; an instance per engine keeps two engines (tests, two kernels in
 * one process) from sharing compiled templates or functions.
 */
export function createTwig(): TwigInstance {
  twig ??= createRequire(import.meta.url)('twig') as TwigInstance & { factory(): TwigInstance };
  return twig.factory();
}
