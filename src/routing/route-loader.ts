import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import { escapeRegex } from './regex-source.ts';
import { RouteCollection } from './route-collection.ts';
import { Route, type RouteCondition } from './route.ts';

/** One route as plain data, for JavaScript users and configuration files. */
export interface RouteDefinition {
  name: string;
  /** A pattern, or one pattern per locale (localized routes, named `name.<locale>`). */
  path: string | Readonly<Record<string, string>>;
  /** Stored as the `_controller` default. */
  controller?: unknown;
  methods?: string | readonly string[];
  defaults?: Readonly<Record<string, unknown>>;
  requirements?: Readonly<Record<string, string | RegExp>>;
  host?: string;
  schemes?: string | readonly string[];
  condition?: RouteCondition;
  priority?: number;
  /** Stored as the `_locale` default. */
  locale?: string;
  /** Stored as the `_format` default. */
  format?: string;
  utf8?: boolean;
  options?: Readonly<Record<string, unknown>>;
}

const KEYS = [
  'name', 'path', 'controller', 'methods', 'defaults', 'requirements', 'host', 'schemes',
  'condition', 'priority', 'locale', 'format', 'utf8', 'options',
];

/**
 * Builds a RouteCollection from plain route definitions. Definitions are checked, since
 * they often come from hand-written configuration: an unknown key (a typo such as
 * "method") is an error, not a silently ignored option.
 */
export class RouteLoader {
  load(definitions: readonly RouteDefinition[]): RouteCollection {
    const collection = new RouteCollection();
    definitions.forEach((definition, i) => this.#add(collection, definition, i));
    return collection;
  }

  #add(collection: RouteCollection, definition: RouteDefinition, position: number): void {
    const name = typeof definition.name === 'string' && definition.name !== '' ? definition.name : undefined;
    const label = name ?? `#${position}`;
    if (name === undefined) throw new InvalidRouteException(`The route definition ${label} must have a "name".`);
    const unknown = Object.keys(definition).filter((key) => !KEYS.includes(key));
    if (unknown.length > 0) {
      throw new InvalidRouteException(
        `The route definition "${label}" contains unsupported keys: "${unknown.join('", "')}". Expected one of: "${KEYS.join('", "')}".`,
      );
    }
    if (typeof definition.path !== 'string' && (typeof definition.path !== 'object' || definition.path === null)) {
      throw new InvalidRouteException(`The route definition "${label}" must have a "path".`);
    }

    if (definition.controller !== undefined && definition.defaults?._controller !== undefined) {
      throw new InvalidRouteException(
        `The route definition "${label}" must not specify both the "controller" key and the defaults key "_controller".`,
      );
    }

    if (typeof definition.path === 'string') {
      collection.add(name, this.#route(definition, definition.path), definition.priority ?? 0);
      return;
    }
    for (const [locale, path] of Object.entries(definition.path)) {
      const route = this.#route(definition, path)
        .setDefault('_locale', locale)
        .setRequirement('_locale', escapeRegex(locale))
        .setDefault('_canonical_route', name);
      collection.add(`${name}.${locale}`, route, definition.priority ?? 0);
    }
  }

  #route(definition: RouteDefinition, path: string): Route {
    const defaults: Record<string, unknown> = { ...definition.defaults };
    if (definition.controller !== undefined) defaults._controller = definition.controller;
    if (definition.locale !== undefined) defaults._locale = definition.locale;
    if (definition.format !== undefined) defaults._format = definition.format;
    return new Route(path, {
      defaults,
      requirements: definition.requirements ?? {},
      options: definition.options ?? {},
      host: definition.host ?? '',
      schemes: definition.schemes ?? [],
      methods: definition.methods ?? [],
      ...(definition.condition !== undefined && { condition: definition.condition }),
      ...(definition.utf8 !== undefined && { utf8: definition.utf8 }),
      priority: definition.priority ?? 0,
    });
  }
}
