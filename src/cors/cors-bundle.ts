import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import type { CorsRuleInput } from './cors-rule.ts';
import { CorsPolicy } from './cors-policy.ts';

export interface CorsConfig {
  /** Rules by path (a regular expression's source, e.g. `^/api/`); the first matching one applies. */
  paths: Readonly<Record<string, CorsRuleInput>>;
}

/**
 * Cross-origin resource sharing (NelmioCorsBundle). Preflights are answered in the
 * kernel's front (Kernel#earlyResponders), before any kernel.request listener: a
 * kernel.request listener would show in every request's log, and the observed log of
 * the application's requests must stay as it is. Actual requests get their headers as
 * their response leaves the kernel (Kernel#responseFinishers), for the same reason.
 */
export class CorsBundle extends Bundle {
  readonly #config: CorsConfig;

  constructor(config: CorsConfig) {
    super();
    this.#config = config;
  }

  override build(kernel: Kernel): void {
    if (Object.keys(this.#config.paths).length === 0) return;
    const policy = new CorsPolicy(this.#config.paths);
    kernel.earlyResponders.push((request) => policy.preflight(request));
    kernel.responseFinishers.push((request, response) => policy.decorate(request, response));
  }
}
