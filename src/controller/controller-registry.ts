type Factory = () => object;

/**
 * Where `Class::method` controller strings find their objects. A controller is
 * registered under its class name (or any name) with an instance or a factory; the
 * factory runs once, on first use, so unused controllers cost nothing at boot.
 */
export class ControllerRegistry {
  readonly #factories = new Map<string, Factory>();
  readonly #instances = new Map<string, object>();
  #generation = 0;

  /**
   * Changes whenever a name is registered again or anew: what a name resolved to may be
   * kept by a reader (ControllerResolver) for as long as this stays the same.
   */
  get generation(): number {
    return this.#generation;
  }

  /** Registers a class under its name, built with `factory` or `new Class()`. */
  registerClass<T extends object>(ctor: new () => T, factory?: () => T): this;
  registerClass<T extends object>(ctor: abstract new (...args: never[]) => T, factory: () => T): this;
  registerClass(ctor: { name: string; new?: unknown }, factory?: Factory): this {
    const make = factory ?? (() => new (ctor as new () => object)());
    return this.register(ctor.name, make);
  }

  register(name: string, instanceOrFactory: object | Factory): this {
    this.#generation++;
    this.#instances.delete(name);
    if (typeof instanceOrFactory === 'function' && !isClassInstanceCallable(instanceOrFactory)) this.#factories.set(name, instanceOrFactory as Factory);
    else this.#instances.set(name, instanceOrFactory);
    return this;
  }

  has(name: string): boolean {
    return this.#instances.has(name) || this.#factories.has(name);
  }

  get(name: string): object | undefined {
    let instance = this.#instances.get(name);
    if (instance === undefined) {
      const factory = this.#factories.get(name);
      if (factory === undefined) return undefined;
      instance = factory();
      this.#instances.set(name, instance);
    }
    return instance;
  }

  names(): string[] {
    return [...new Set([...this.#factories.keys(), ...this.#instances.keys()])].sort();
  }
}

/** A plain arrow/function is a factory; a callable object built from a class is not expected here. */
function isClassInstanceCallable(value: unknown): boolean {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
}
