/** A value now, or a promise of it: what a step that is usually synchronous answers. */
export type MaybePromise<T> = T | Promise<T>;
