import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import type { TemplateEngine } from '../templating/template-engine.ts';
import { TemplateGuesser } from '../templating/template-guesser.ts';
import { ControllerBundleRegistry } from '../templating/controller-bundle-registry.ts';
import { FilesystemLoader } from '../templating/loader/filesystem-loader.ts';
import { TwigEngine } from '../templating/twig/twig-engine.ts';
import { precompiledTemplatesFile, readPrecompiledTemplates } from '../templating/twig/precompiled-templates.ts';
import { AppVariable } from '../templating/app-variable.ts';
import { AssetPackage, type AssetOptions } from '../templating/asset-package.ts';
import { templateFunctions } from '../templating/template-functions.ts';
import { CsrfTokenManager } from '../security/csrf/csrf-token-manager.ts';
import { sessionOf } from '../security/session-like.ts';
import { registerTemplateListener } from './register-template-listener.ts';
import { bundleNamespace, bundleTemplateDirs } from './bundle-template-dirs.ts';
import type { Translator } from '../translation/translator.ts';
import { SluiceError } from '../exception/sluice-error.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    templating: TemplateEngine;
    'templating.guesser': TemplateGuesser;
    'templating.controller_bundles': ControllerBundleRegistry;
  }
}

export interface TemplatingConfig {
  /** Directories of templates without a namespace; `<projectDir>/templates` by default. */
  paths?: readonly string[];
  /** More namespaces: `{ Admin: '/srv/admin-views' }` serves `@Admin/...`. */
  namespaces?: Readonly<Record<string, string | readonly string[]>>;
  /** Keep compiled templates; on when debug is off. */
  cache?: boolean;
  /**
   * Fail on undefined variables; off by default. (The reference turns it on in debug, but
   * twig.js's strict mode rejects every getter and method a class defines, so entities
   * could not be printed.)
   */
  strictVariables?: boolean;
  assets?: AssetOptions;
  /** Variables every template sees, besides `app`. */
  globals?: Readonly<Record<string, unknown>>;
  /** The application's filters, `{{ value|name(args) }}`; `trans` is added when a `translator` service exists. */
  filters?: Readonly<Record<string, (value: never, ...args: never[]) => unknown>>;
  /** Register TemplateListener at boot unless a bundle did (the FrameworkExtraBundle may); default true. */
  templateListener?: boolean;
}

/**
 * The `templating` service (Twig over the template directories), the template guesser and
 * the registry telling which bundle owns which controller. Every bundle with a
 * `Resources/views` directory is a namespace, `AppBundle` → `@App`, which the application
 * overrides in `templates/bundles/AppBundle/`.
 */
export class TemplatingBundle extends Bundle {
  readonly #config: TemplatingConfig;

  constructor(config: TemplatingConfig = {}) {
    super();
    this.#config = config;
  }

  override build(kernel: Kernel): void {
    const registry = new ControllerBundleRegistry();
    kernel.container.set('templating.controller_bundles', registry);
    kernel.container.set('templating.guesser', new TemplateGuesser(registry));
    // Built on first render: every bundle's directory and the router are known by then.
    kernel.container.factory('templating', () => this.#engine(kernel));
  }

  override boot(kernel: Kernel): void {
    if (this.#config.templateListener !== false) registerTemplateListener(kernel);
  }

  #engine(kernel: Kernel): TwigEngine {
    const config = this.#config;
    const { container } = kernel;
    const router = container.get('router');
    const contexts = container.get('router.request_context');
    const requestStack = container.get('request_stack');
    let ownCsrf: CsrfTokenManager | undefined;
    const csrfToken = (id: string): Promise<string> => {
      const request = requestStack.getCurrentRequest();
      const session = request === undefined ? undefined : sessionOf(request);
      if (session === undefined) throw new SluiceError('SLUICE_CSRF_TOKEN_NEEDS_SESSION', {});
      // The SecurityBundle's manager when there is one; the same secret and format make both agree.
      const manager = container.find('security.csrf_token_manager') ?? (ownCsrf ??= new CsrfTokenManager(kernel.config.secret));
      return manager.getToken(session, id);
    };
    const cache = config.cache ?? !kernel.debug;
    return new TwigEngine({
      loader: this.#loader(kernel),
      cache,
      // What `npm run build` parsed ahead; with the cache off a template is read afresh at each render anyway.
      precompiled: cache ? readPrecompiledTemplates(precompiledTemplatesFile(kernel.cacheDir), kernel.projectDir) : undefined,
      strictVariables: config.strictVariables ?? false,
      globals: () => ({ ...config.globals, app: new AppVariable(requestStack.getCurrentRequest(), kernel.environment, kernel.debug) }),
      filters: { ...translationFilters(container.find('translator')), ...config.filters },
      functions: templateFunctions({
        generateUrl: (name, parameters, referenceType) => router.generate(name, parameters, referenceType, contexts.current()),
        assets: new AssetPackage(config.assets),
        csrfToken,
      }),
    });
  }

  #loader(kernel: Kernel): FilesystemLoader {
    const loader = new FilesystemLoader(this.#config.paths ?? [join(kernel.projectDir, 'templates')]);
    for (const bundle of kernel.bundles) {
      for (const dir of bundleTemplateDirs(kernel.projectDir, bundle)) loader.addPath(dir, bundleNamespace(bundle));
    }
    for (const [namespace, dirs] of Object.entries(this.#config.namespaces ?? {})) {
      for (const dir of typeof dirs === 'string' ? [dirs] : dirs) loader.addPath(dir, namespace);
    }
    return loader;
  }
}

/**
 * `{{ 'event.when'|trans }}`, `{{ 'seats'|trans({count: 3}) }}`, `{{ key|trans({}, 'admin', 'fr') }}`:
 * the reference's Twig bridge filter, over the `translator` service (see registerTranslator).
 */
function translationFilters(translator: Translator | undefined): Record<string, (value: never, ...args: never[]) => unknown> {
  if (translator === undefined) return {};
  return {
    trans: (key: unknown, parameters: Record<string, unknown> = {}, domain = 'messages', locale?: string) =>
      translator.trans(String(key ?? ''), parameters, domain, locale ?? translator.locale),
  };
}
