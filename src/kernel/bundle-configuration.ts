import type { EventSubscriber } from '../event-dispatcher/event-subscriber.ts';
import type { Container, ServiceMap } from './container.ts';
import type { CommandRegistration } from './kernel.ts';

/** A controller class built with `new Class()`. */
export type ControllerClass = new () => object;

/** A controller class with the factory that builds it (its services from the container). */
export interface ControllerWithFactory<T extends object = object> {
  readonly class: abstract new (...args: never[]) => T;
  readonly factory: (container: Container) => T;
}

/** Service factories by id, each run once on first `container.get(id)`. */
export type ServiceFactories = { readonly [K in keyof ServiceMap]?: (container: Container) => ServiceMap[K] };

/**
 * What a bundle brings, declared once (Symfony's autoconfiguration): from `controllers`
 * the kernel loads the routes of their `@Route` declarations, registers them for
 * `Class::method` controller strings and gives their guessed templates the bundle's
 * namespace; `subscribers` are added to the event dispatcher in this order; `services`
 * become lazy container entries; `commands` join the console.
 *
 * ```ts
 * override configure(): BundleConfiguration {
 *   return {
 *     controllers: [EventController, controller(HomeController, (c) => new HomeController(c.get('app.events')))],
 *     subscribers: [new SecurityHeadersListener()],
 *     services: { 'app.events': (c) => new EventRepository(c.get('entity_manager')) },
 *   };
 * }
 * ```
 */
export interface BundleConfiguration {
  readonly controllers?: readonly (ControllerClass | ControllerWithFactory)[];
  readonly subscribers?: readonly EventSubscriber[];
  readonly services?: ServiceFactories;
  readonly commands?: readonly CommandRegistration[];
}

/** A controller declaration with a factory; the factory's result must be an instance of the class. */
export function controller<T extends object>(ctor: abstract new (...args: never[]) => T, factory: (container: Container) => T): ControllerWithFactory<T> {
  return { class: ctor, factory };
}
