/**
 * Node 20 has no `Symbol.metadata`, which standard decorators use to attach
 * `context.metadata` to the decorated class. The well-known registry symbol is what
 * TypeScript's and esbuild's decorator helpers look for, so every decorated class gets
 * its metadata object. Imported (for this side effect) by every decorator module, so it
 * runs before any decorated class is defined.
 */
(Symbol as { metadata?: symbol }).metadata ??= Symbol.for('Symbol.metadata');

export const METADATA_SYMBOL: symbol = Symbol.metadata;
