import type { RouteConfiguration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';

/**
 * Declares a route. On a method: the route calling it (several `@Route`s give several
 * routes). On a class: the path prefix, name prefix and shared requirements, defaults,
 * methods, schemes, host and condition of every route of its methods.
 *
 * ```ts
 * @Route('/events', { name: 'app_event_' })
 * class EventController {
 *   @Route('/{id}', { name: 'show', requirements: { id: '\\d+' }, methods: 'GET' })
 *   showAction(id: string) { ... }
 * }
 * ```
 */
export function Route(path: string, options?: Omit<RouteConfiguration, 'path'>): ClassOrMethodDecorator;
export function Route(options: RouteConfiguration): ClassOrMethodDecorator;
export function Route(pathOrOptions: string | RouteConfiguration, options: Omit<RouteConfiguration, 'path'> = {}): ClassOrMethodDecorator {
  return recordingDecorator('Route', { alias: 'route', value: routeConfiguration(pathOrOptions, options) });
}

export function routeConfiguration(pathOrOptions: string | RouteConfiguration, options: Omit<RouteConfiguration, 'path'> = {}): RouteConfiguration {
  const configuration = typeof pathOrOptions === 'string' ? { ...options, path: pathOrOptions } : { ...pathOrOptions };
  return Object.freeze(configuration);
}
