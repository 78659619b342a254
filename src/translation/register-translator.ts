import { join } from 'node:path';
import type { Kernel } from '../kernel/kernel.ts';
import { Translator } from './translator.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** Messages in the current request's locale; templates use it through the `trans` filter. */
    translator: Translator;
  }
}

export interface TranslatorConfig {
  /** Locales tried, in order, when a message is missing in the request's locale (the default locale comes last anyway). */
  fallbackLocales?: readonly string[];
  /** More directories of `<domain>.<locale>.json` catalogs, after the bundles' and `<projectDir>/translations`. */
  paths?: readonly string[];
}

/**
 * Defines the `translator` service unless one exists, so several bundles may ask for it.
 * It is built on first use, once every bundle is known, from each bundle's
 * `Resources/translations/` then the application's `translations/` (a later catalog
 * overrides an earlier one's keys). The locale is read from the request being handled
 * each time a message is translated: no kernel.request listener is added, so the
 * listener table of the reference's application stays as it is. Missing messages are
 * logged once each, in channel `translation`, in debug.
 */
export function registerTranslator(kernel: Kernel, config: TranslatorConfig = {}): void {
  const { container } = kernel;
  if (container.has('translator')) return;
  container.factory('translator', () => {
    const requestStack = container.get('request_stack');
    const logger = kernel.debug ? kernel.logger('translation') : undefined;
    const translator = new Translator({
      defaultLocale: kernel.config.defaultLocale,
      ...(config.fallbackLocales !== undefined && { fallbackLocales: config.fallbackLocales }),
      currentLocale: () => requestStack.getCurrentRequest()?.getLocale(),
      ...(logger !== undefined && {
        onMissing: (id: string, locale: string, domain: string) => logger.warning('Translation not found.', { id, domain, locale }),
      }),
    });
    for (const bundle of kernel.bundles) {
      if (bundle.path !== undefined) translator.loadDirectory(join(bundle.path, 'Resources', 'translations'));
    }
    translator.loadDirectory(join(kernel.projectDir, 'translations'));
    for (const path of config.paths ?? []) translator.loadDirectory(path);
    return translator;
  });
}
