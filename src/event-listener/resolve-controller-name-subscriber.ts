import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { Bundle } from '../kernel/bundle.ts';
import type { ControllerRegistry } from '../controller/controller-registry.ts';
import { triggerDeprecation } from '../error-handler/trigger-deprecation.ts';
import { Priority } from './priorities.ts';

/** What the subscriber needs of the kernel: its bundles and its controllers. */
export interface ControllerNameContext {
  readonly bundles: readonly Bundle[];
  readonly controllers: ControllerRegistry;
}

/**
 * Rewrites the legacy `Bundle:Controller:action` notation the router set
 * (`AppBundle:Event:show`) into the controller it names (`EventController::showAction`),
 * reporting the deprecation. Every other `_controller` is left alone, on sub-requests too.
 *
 * @deprecated since Sluice 4.1, as the notation itself; removed with it in 5.0.
 */
export class ResolveControllerNameSubscriber implements EventSubscriber {
  readonly #context: ControllerNameContext;

  constructor(context: ControllerNameContext) {
    this.#context = context;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.REQUEST]: ['resolveControllerName', Priority.RESOLVE_CONTROLLER_NAME] };
  }

  resolveControllerName(event: RequestEvent): void {
    const controller = event.request.attributes.get('_controller');
    if (typeof controller !== 'string' || controller === lastPlain) return;
    if (controller.includes('::') || !hasExactlyTwoColons(controller)) {
      lastPlain = controller;
      return;
    }
    const parsed = this.parse(controller);
    event.request.attributes.set('_controller', parsed);
    triggerDeprecation('sluice/framework-bundle', '4.1', `Referencing controllers with ${controller} is deprecated since Sluice 4.1, use "${parsed}" instead.`);
  }

  /** `AppBundle:Event:show` → `EventController::showAction`, or an error naming what exists. */
  parse(controller: string): string {
    const [bundleName, name, action] = controller.split(':') as [string, string, string];
    if (bundleName === '' || name === '' || action === '') {
      throw new TypeError(`The "${controller}" controller is not a valid "a:b:c" controller string.`);
    }
    const bundles = this.#context.bundles.map((bundle) => bundle.name);
    if (!bundles.includes(bundleName)) {
      const alternative = closest(bundleName, bundles);
      throw new TypeError(
        `The "${bundleName}" (from the _controller value "${controller}") does not exist or is not enabled in your kernel!` +
          (alternative === undefined ? '' : ` Did you mean "${alternative}:${name}:${action}"?`) +
          ` Enabled bundles: ${bundles.join(', ') || 'none'}.`,
      );
    }
    const className = `${name}Controller`;
    if (!this.#context.controllers.has(className)) {
      const known = this.#context.controllers.names();
      throw new TypeError(
        `The _controller value "${controller}" maps to a "${className}" controller, but no controller is registered under that name. ` +
          `Register it (kernel.controllers.registerClass(${className})) or check the spelling; registered controllers: ${known.join(', ') || 'none'}.`,
      );
    }
    return `${className}::${action}Action`;
  }
}

/**
 * The `_controller` last found not to be in the notation. Whether a name is depends on its
 * characters alone, and a server's requests name the same few controllers over and over
 * (every error page the error controller): the same name is let through without a search
 * for its colons.
 */
let lastPlain: string | undefined;

/**
 * Whether the name has the notation's two colons and no third: asked of every routed
 * request's `_controller` (the error sub-request's too), so without `split`'s array.
 */
function hasExactlyTwoColons(controller: string): boolean {
  const first = controller.indexOf(':');
  if (first === -1) return false;
  const second = controller.indexOf(':', first + 1);
  return second !== -1 && controller.indexOf(':', second + 1) === -1;
}

/** The most similar name, if one is close enough to be a typo. */
function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = levenshtein(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
