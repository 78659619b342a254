import type { TemplateEngine, TemplateVariables } from '../template-engine.ts';
import { TemplateError } from '../template-error.ts';
import { TemplateNotFoundError } from '../template-not-found-error.ts';
import type { TemplateLoader } from '../loader/template-loader.ts';
import { normalizeTemplateName } from '../loader/template-name.ts';
import { createTwig, type TwigCore, type TwigOptions, type TwigTemplate } from './twig-runtime.ts';
import { lineOfTwigError } from './twig-error-location.ts';
import { TwigCompiler, withoutTwigKeys, type TwigInternals } from './twig-compiler.ts';
import { isThenable } from '../../event-dispatcher/listener.ts';
import type { PrecompiledLookup } from './precompiled-templates.ts';

export interface TwigEngineOptions {
  loader: TemplateLoader;
  /** Keep compiled templates (production). Without it each render reads and compiles again, so edits show at once. */
  cache?: boolean;
  /** Fail on an undefined variable or attribute instead of printing nothing. */
  strictVariables?: boolean;
  /** Functions templates may call: `path`, `url`, `asset`, `csrf_token`... */
  functions?: Readonly<Record<string, (...args: never[]) => unknown>>;
  /** Filters templates may apply, `{{ value|name(arg, ...) }}`: each receives the value, then the arguments (`trans`...). */
  filters?: Readonly<Record<string, (value: never, ...args: never[]) => unknown>>;
  /** Render through templates compiled to closures (the default); false leaves every render to twig.js's interpreter. */
  compile?: boolean;
  /** Variables every template sees (such as `app`), computed per render; a template's own variables win. */
  globals?: () => Record<string, unknown>;
  /** Templates parsed ahead (`npm run build`, see precompiled-templates.ts): a file found there is not parsed again. */
  precompiled?: PrecompiledLookup | undefined;
}

const LOADER = 'sluice';
/** Parts a streamed render is cut into: big enough to fill a TCP packet train, small enough to start early. */
const STREAM_CHUNK = 16 * 1024;

/**
 * Twig templates through twig.js (real Twig syntax), autoescaped (by file name, see
 * escapingFor). Names are
 * resolved by the loader for the entry template and for every include, extends, embed
 * and import, so `@App/...` namespaces and the refusal of `..` hold everywhere. twig.js
 * reports errors without location; they are turned into TemplateErrors naming the
 * template and, when it can be found, the line.
 */
export class TwigEngine implements TemplateEngine {
  readonly #loader: TemplateLoader;
  readonly #globals: (() => Record<string, unknown>) | undefined;
  readonly #options: TwigOptions;
  /** Sources of compiled templates, to locate errors in them. */
  readonly #sources = new Map<string, string>();
  #core!: TwigCore;
  readonly #precompiled: PrecompiledLookup | undefined;
  readonly #compiler: TwigCompiler | undefined;

  constructor(options: TwigEngineOptions) {
    this.#loader = options.loader;
    this.#globals = options.globals;
    this.#precompiled = options.precompiled;
    this.#options = { strictVariables: options.strictVariables ?? false, autoescape: 'html', allowInlineIncludes: false, rethrow: true, namespaces: undefined };
    const twig = createTwig();
    twig.cache(options.cache ?? true);
    twig.extend((core) => {
      this.#core = core;
      core.Templates.registerLoader(LOADER, (location, params) => this.#compile(location, params.options));
      core.path.parsePath = (parent, file) => this.#resolveReference(parent, file);
    });
    for (const [name, fn] of Object.entries(options.functions ?? {})) {
      twig.extendFunction(name, (...args) => (fn as (...a: unknown[]) => unknown)(...args.map(withoutTwigKeys)));
    }
    for (const [name, fn] of Object.entries(options.filters ?? {})) {
      // twig.js passes a filter's arguments as one array, or false when there are none.
      twig.extendFilter(name, (value, args) => (fn as (...a: unknown[]) => unknown)(value, ...(args === false ? [] : args.map(withoutTwigKeys))));
    }
    this.#compiler = options.compile === false ? undefined : new TwigCompiler({
      twig: this.#core as unknown as TwigInternals,
      strictVariables: this.#options.strictVariables,
      functions: (options.functions ?? {}) as Record<string, (...args: unknown[]) => unknown>,
      filters: (options.filters ?? {}) as Record<string, (value: unknown, ...args: unknown[]) => unknown>,
      load: (from, file) => this.#load(this.#core.path.parsePath(from, file)),
    });
  }

  /**
   * The output, as a string when the compiled template answered at once (no promise, so no
   * turn of the event loop for the page); a promise when a function answered with one (the
   * session's `csrf_token`, flashes), when twig.js renders, and for every error.
   */
  render(name: string, variables: TemplateVariables = {}): Promise<string> | string {
    let normalized = name;
    let template: TwigTemplate | undefined;
    try {
      normalized = normalizeTemplateName(name);
      template = this.#load(normalized);
      const compiled = this.#compiler?.compiled(template);
      if (compiled !== undefined) {
        const output = compiled.render({ ...this.#globals?.(), ...variables });
        if (!isThenable(output)) return output;
        // Rendered again by twig.js when it fails, so the error is the one twig.js gives, with its location.
        const loaded = template;
        return Promise.resolve(output).then(undefined, () => this.#interpret(loaded, normalized, variables));
      }
    } catch (error) {
      if (template === undefined) return Promise.reject(this.#toTemplateError(error, normalized));
      // As above: the compiled render failed, twig.js renders and reports.
    }
    return this.#interpret(template, normalized, variables);
  }

  /** The output as twig.js's interpreter gives it, errors turned into TemplateErrors. */
  async #interpret(template: TwigTemplate, name: string, variables: TemplateVariables): Promise<string> {
    try {
      return String(await template.renderAsync({ ...this.#globals?.(), ...variables }));
    } catch (error) {
      throw this.#toTemplateError(error, name);
    }
  }

  /** Whether a template renders through its compiled form, rather than twig.js's interpreter (for tests and diagnostics). */
  compiles(name: string): boolean {
    return this.#compiler?.compiled(this.#load(normalizeTemplateName(name))) !== undefined;
  }

  exists(name: string): boolean {
    return this.#loader.exists(name);
  }

  /**
   * twig.js renders a template in one pass, so the parts come from one render; it runs
   * when the stream is first read (as a StreamedResponse is sent), not when it is made.
   */
  async *renderStream(name: string, variables: TemplateVariables = {}): AsyncIterable<string> {
    const output = await this.render(name, variables);
    for (let start = 0; start < output.length; ) {
      let end = Math.min(start + STREAM_CHUNK, output.length);
      // Never split a surrogate pair: each part is encoded to UTF-8 on its own.
      if (end < output.length && isHighSurrogate(output.charCodeAt(end - 1))) end--;
      yield output.slice(start, end);
      start = end;
    }
  }

  /** A template by its resolved name, as twig.js loads it (from its registry when caching). */
  #load(name: string): TwigTemplate {
    return this.#core.Templates.loadRemote(name, { id: name, method: LOADER, async: false, options: this.#options });
  }

  #compile(name: string, options: TwigOptions): TwigTemplate {
    const { source, path } = this.#loader.load(name);
    this.#sources.set(name, source);
    const tokens = path === undefined ? undefined : this.#precompiled?.(path, source);
    try {
      return this.#core.Templates.parsers.twig({ data: tokens ?? source, id: name, name, method: LOADER, options: { ...options, autoescape: escapingFor(name) } });
    } catch (error) {
      // Anything thrown while compiling is a syntax error of this template.
      const message = (error as { message?: string } | undefined)?.message ?? String(error);
      throw new TemplateError(message, { templateName: name, line: lineOfTwigError(message, source), cause: error });
    }
  }

  /** A name an include, extends, embed or import refers to; a missing one names the template that refers to it. */
  #resolveReference(parent: TwigTemplate, file: string): string {
    const name = normalizeTemplateName(String(file));
    if (this.#loader.exists(name)) return name;
    const source = this.#sources.get(parent.id);
    const line = source === undefined ? undefined : lineOfTwigError(`Unable to find template "${file}"`, source);
    try {
      this.#loader.load(name);
    } catch (error) {
      if (error instanceof TemplateNotFoundError) throw new TemplateNotFoundError(error.missingName, error.lookedInto, { templateName: parent.id, line });
      throw error;
    }
    return name;
  }

  #toTemplateError(error: unknown, name: string): TemplateError {
    if (error instanceof TemplateError) return error;
    const twigError = error as { type?: unknown; file?: unknown; message?: unknown } | undefined;
    if (twigError?.type === 'TwigException') {
      const where = typeof twigError.file === 'string' ? twigError.file : name;
      const message = String(twigError.message);
      const source = this.#sources.get(where);
      return new TemplateError(message, { templateName: where, line: source === undefined ? undefined : lineOfTwigError(message, source), cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new TemplateError(`An exception has been thrown during the rendering of a template ("${message}").`, { templateName: name, cause: error });
  }
}

/**
 * Escaping by the template's file name, as the reference's `name` strategy: `.js.twig`
 * escapes for JavaScript, `.css.twig` for CSS, `.txt.twig` not at all, anything else for HTML.
 */
function escapingFor(name: string): string | false {
  const extension = /\.(\w+)\.twig$/.exec(name)?.[1] ?? /\.(\w+)$/.exec(name)?.[1];
  if (extension === 'js' || extension === 'css') return extension;
  return extension === 'txt' ? false : 'html';
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
