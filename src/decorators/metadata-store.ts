import { METADATA_SYMBOL } from './symbol-metadata.ts';
import type { Configuration } from './configuration.ts';

const KEY = Symbol('sluice.controller-configuration');

interface OwnRecord {
  readonly class: Configuration[];
  readonly methods: Map<string, Configuration[]>;
}

/**
 * Where declarations live: under a private key of the class's standard decorator
 * metadata object (`Class[Symbol.metadata]`), so decorators (which only see
 * `context.metadata`) and `defineController` (which sees the class) share one place.
 * A subclass's metadata object inherits from its parent's; each class keeps its own record.
 */
function own(metadata: object): OwnRecord {
  if (!Object.hasOwn(metadata, KEY)) Object.defineProperty(metadata, KEY, { value: { class: [], methods: new Map() } satisfies OwnRecord });
  return (metadata as Record<symbol, OwnRecord>)[KEY]!;
}

/**
 * Standard decorators are applied bottom-up; `first` keeps a decorated member's list in
 * source order. Plain definitions are read top-down and use `last`.
 */
export type Placement = 'first' | 'last';

let recorded = 0;

/**
 * How many declarations were recorded so far: what was read of the declarations while
 * it was n still holds while it is n (declarations are recorded, never removed).
 */
export function declarationsRecorded(): number {
  return recorded;
}

export function recordOnClass(metadata: object, configuration: Configuration, placement: Placement): void {
  recorded++;
  place(own(metadata).class, configuration, placement);
}

export function recordOnMethod(metadata: object, method: string, configuration: Configuration, placement: Placement): void {
  recorded++;
  const methods = own(metadata).methods;
  let list = methods.get(method);
  if (list === undefined) methods.set(method, (list = []));
  place(list, configuration, placement);
}

function place(list: Configuration[], configuration: Configuration, placement: Placement): void {
  if (placement === 'first') list.unshift(configuration);
  else list.push(configuration);
}

/** The metadata object of a class, created as standard decorators would when it has none. */
export function metadataOf(cls: Function): object {
  if (!Object.hasOwn(cls, METADATA_SYMBOL)) {
    const parent = (Object.getPrototypeOf(cls) as Record<symbol, object | undefined> | null)?.[METADATA_SYMBOL];
    Object.defineProperty(cls, METADATA_SYMBOL, { value: Object.create(parent ?? null), configurable: true });
  }
  return (cls as unknown as Record<symbol, object>)[METADATA_SYMBOL]!;
}

function ownRecordOf(cls: Function): OwnRecord | undefined {
  if (!Object.hasOwn(cls, METADATA_SYMBOL)) return undefined;
  const metadata = (cls as unknown as Record<symbol, object | undefined>)[METADATA_SYMBOL];
  return metadata !== undefined && metadata !== null && Object.hasOwn(metadata, KEY) ? own(metadata) : undefined;
}

/** Declarations on the class itself (not inherited, as the reference's annotation reader). */
export function classConfigurations(cls: Function): readonly Configuration[] {
  return ownRecordOf(cls)?.class ?? [];
}

/** Declarations on a method of the class that declares it. */
export function methodConfigurations(cls: Function, method: string): readonly Configuration[] {
  return ownRecordOf(cls)?.methods.get(method) ?? [];
}

/** The class whose prototype defines `method` for this object (the method's declaring class). */
export function declaringClass(target: object, method: string): Function | undefined {
  for (let proto = Object.getPrototypeOf(target); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, method)) return (proto as { constructor: Function }).constructor;
  }
  return undefined;
}
