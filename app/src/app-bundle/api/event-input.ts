import { deferredSchema } from 'sluice';
import type { z } from 'zod';
import type * as schemas from './event-schemas.ts';

// The API's schemas are zod's, and zod is imported by the first request that checks a
// body or a query against them (or asks for /api/doc.json), not at startup: a process
// that serves only pages never loads it.
const load = () => import('./event-schemas.ts');

/** The body of `POST /api/events`. */
export const EventInput = deferredSchema(async () => (await load()).EventInput);
export type EventInput = z.infer<typeof schemas.EventInput>;

/** The body of `PATCH /api/events/{id}`: any of the fields. */
export const EventPatch = deferredSchema(async () => (await load()).EventPatch);
export type EventPatch = z.infer<typeof schemas.EventPatch>;

/** The query of `GET /api/events`. */
export const EventPage = deferredSchema(async () => (await load()).EventPage);
export type EventPage = z.infer<typeof schemas.EventPage>;

/** An event as the API writes it. */
export const EventOutput = deferredSchema(async () => (await load()).EventOutput);

export const EventList = deferredSchema(async () => (await load()).EventList);
