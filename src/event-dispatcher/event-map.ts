/**
 * Event names and their event classes. Packages add theirs by declaration merging
 * (`declare module '.../event-map.ts' { interface EventMap { 'kernel.request': RequestEvent } }`),
 * so a listener's event type is inferred from the name it is added for.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EventMap {}

/** The event class of a known name; for other names any listener fits (`never` accepts every parameter type). */
export type EventFor<K extends string> = K extends keyof EventMap ? EventMap[K] : never;
