import type { Request } from '../http/request.ts';

interface FlashBag {
  all(): Record<string, unknown[]>;
  get(type: string): unknown[];
}

/**
 * The `app` variable of a template: the request being rendered for, its session and flash
 * messages, the environment. One per render, with own properties only (twig.js's strict
 * mode does not see inherited getters or methods); `session` is an own getter.
 */
export class AppVariable {
  readonly request: Request | undefined;
  declare readonly session: unknown;
  readonly environment: string;
  readonly debug: boolean;

  constructor(request: Request | undefined, environment: string, debug: boolean) {
    this.request = request;
    // The request's session is made when first asked for: read here only when a template reads it.
    Object.defineProperty(this, 'session', { get: () => request?.session, enumerable: true });
    this.environment = environment;
    this.debug = debug;
  }

  /**
   * Flash messages, read once: all of them by type, those of one type, or of several types.
   * The session is expected to offer a flash bag as `getFlashBag()` (or a `flashes`
   * property) with `all()` and `get(type)`; without one there are none.
   */
  readonly flashes = (types?: string | readonly string[]): Record<string, unknown[]> | unknown[] => {
    const bag = flashBagOf(this.session);
    if (typeof types === 'string') return bag?.get(types) ?? [];
    if (types === undefined) return bag?.all() ?? {};
    return Object.fromEntries(types.map((type) => [type, bag?.get(type) ?? []]));
  };
}

function flashBagOf(session: unknown): FlashBag | undefined {
  if (session === undefined || session === null || typeof session !== 'object') return undefined;
  const holder = session as { getFlashBag?: () => unknown; flashes?: unknown };
  const bag = (typeof holder.getFlashBag === 'function' ? holder.getFlashBag() : holder.flashes) as Partial<FlashBag> | undefined;
  return typeof bag?.all === 'function' && typeof bag.get === 'function' ? (bag as FlashBag) : undefined;
}
