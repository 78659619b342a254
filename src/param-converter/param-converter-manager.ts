import type { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { ParamConverterInterface } from './param-converter-interface.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Applies converters to the declared (or auto-configured) parameters: a named converter
 * when the declaration names one, otherwise each supporting converter by priority
 * (highest first) until one converts. Stays synchronous until a converter returns a
 * promise, so SQLite lookups and dates cost no promise.
 */
export class ParamConverterManager {
  readonly #byPriority = new Map<number, ParamConverterInterface[]>();
  readonly #named = new Map<string, ParamConverterInterface>();
  #ordered: ParamConverterInterface[] | undefined;

  /** Adds a converter tried by priority (null: only when named), and reachable by `name` when given. */
  add(converter: ParamConverterInterface, priority: number | null = 0, name?: string): this {
    if (priority !== null) {
      const list = this.#byPriority.get(priority);
      if (list === undefined) this.#byPriority.set(priority, [converter]);
      else list.push(converter);
    }
    if (name !== undefined) this.#named.set(name, converter);
    this.#ordered = undefined;
    return this;
  }

  /** Converters in the order they are tried: by priority, then those only registered by name. */
  all(): readonly ParamConverterInterface[] {
    if (this.#ordered === undefined) {
      const byPriority = [...this.#byPriority.entries()].sort(([a], [b]) => b - a).flatMap(([, list]) => list);
      this.#ordered = [...byPriority, ...[...this.#named.values()].filter((converter) => !byPriority.includes(converter))];
    }
    return this.#ordered;
  }

  apply(request: Request, configurations: readonly ParamConverterConfiguration[]): void | Promise<void> {
    for (let i = 0; i < configurations.length; i++) {
      const pending = this.#applyOne(request, configurations[i]!);
      if (isThenable(pending)) return this.#continue(pending, request, configurations, i + 1);
    }
  }

  async #continue(pending: PromiseLike<void>, request: Request, configurations: readonly ParamConverterConfiguration[], from: number): Promise<void> {
    await pending;
    for (let i = from; i < configurations.length; i++) await this.#applyOne(request, configurations[i]!);
  }

  #applyOne(request: Request, configuration: ParamConverterConfiguration): void | Promise<void> {
    const value = request.attributes.get(configuration.name);
    // Already the object asked for (set by an earlier listener, or a sub-request's attribute).
    if (configuration.class !== undefined && value instanceof configuration.class) return;
    const name = configuration.converter;
    if (name === undefined) return this.#tryEach(request, configuration, 0);
    const converter = this.#named.get(name);
    if (converter === undefined) throw new SluiceError('SLUICE_UNKNOWN_CONVERTER', { name, parameter: configuration.name });
    if (!converter.supports(configuration)) throw new SluiceError('SLUICE_CONVERTER_UNSUPPORTED', { name, parameter: configuration.name });
    const applied = converter.apply(request, configuration);
    return isThenable(applied) ? Promise.resolve(applied).then(() => undefined) : undefined;
  }

  #tryEach(request: Request, configuration: ParamConverterConfiguration, from: number): void | Promise<void> {
    const converters = this.all();
    for (let i = from; i < converters.length; i++) {
      const converter = converters[i]!;
      if (!converter.supports(configuration)) continue;
      const applied = converter.apply(request, configuration);
      if (isThenable(applied)) return Promise.resolve(applied).then((done) => (done ? undefined : this.#tryEach(request, configuration, i + 1)));
      if (applied) return;
    }
  }
}
