import { z } from 'zod';

const fields = {
  title: z.string().trim().min(1).max(200),
  venue: z.string().trim().min(1).max(200),
  startsAt: z.iso.datetime({ offset: true }).describe('ISO 8601 date-time, e.g. 2030-05-01T20:00:00Z'),
  description: z.string().max(5000),
};

/** The body of `POST /api/events` (api/event-input.ts defers this module to its first use). */
export const EventInput = z.object({ ...fields, description: fields.description.default('') });
export type EventInput = z.infer<typeof EventInput>;

/** The body of `PATCH /api/events/{id}`: any of the fields. */
export const EventPatch = z.object(fields).partial();
export type EventPatch = z.infer<typeof EventPatch>;

/** The query of `GET /api/events`. */
export const EventPage = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type EventPage = z.infer<typeof EventPage>;

/** An event as the API writes it. */
export const EventOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  venue: z.string(),
  startsAt: z.iso.datetime(),
  description: z.string(),
  image: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});

export const EventList = z.object({ items: z.array(EventOutput), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });
