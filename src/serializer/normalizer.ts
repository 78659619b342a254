import { SluiceError } from '../exception/sluice-error.ts';
type Groups = Readonly<Record<string, readonly string[]>>;

const registry = new WeakMap<Function, Groups>();

/**
 * Declares the serialization groups of a class's properties (Symfony's #[Groups]):
 * `serializationGroups(Event, { id: ['event:read'], title: ['event:read', 'event:write'] })`.
 * With groups asked for, a property of no listed group is left out; the class's subclasses
 * share the declaration.
 */
export function serializationGroups(type: Function, groups: Groups): void {
  registry.set(type, groups);
}

/**
 * Turns a value into what JSON can carry: dates as ISO 8601 text, objects as their own
 * enumerable properties (class instances too, so private `#fields` stay private),
 * `toJSON` honoured, functions and undefined left out, and, when `groups` are given, only
 * the properties in one of them. Cycles are an error rather than a stack overflow.
 */
export function normalize(value: unknown, groups?: readonly string[], seen = new Set<object>()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) throw new SluiceError('SLUICE_SERIALIZER_CIRCULAR_REFERENCE', {});
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => normalize(item, groups, seen) ?? null);
    if (value instanceof Map) return normalize(Object.fromEntries(value), groups, seen);
    if (value instanceof Set) return normalize([...value], groups, seen);
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return normalize((value as { toJSON: () => unknown }).toJSON(), groups, seen);
    const declared = groups === undefined ? undefined : groupsOf(value);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      if (declared !== undefined && !(declared[key] ?? []).some((group) => groups!.includes(group))) continue;
      out[key] = normalize(item, groups, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

function groupsOf(value: object): Groups | undefined {
  for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    const groups = registry.get((proto as { constructor: Function }).constructor);
    if (groups !== undefined) return groups;
  }
  return undefined;
}
