import type { EntityMetadata } from 'sluice/persistence';
import { serializationGroups } from 'sluice';

export interface EventFields {
  title: string;
  venue: string;
  startsAt: Date;
  description: string;
  /** The file name under `/bundles/app/images/events/`, or null for none. */
  image: string | null;
}

/** An event of the site: what, where, when, and its picture. */
export class Event implements EventFields {
  id: number | undefined;
  title: string;
  venue: string;
  startsAt: Date;
  description: string;
  image: string | null;
  /** When it last changed: the event page's Last-Modified and ETag come from it. */
  updatedAt: Date;

  constructor(fields: EventFields & { id?: number | undefined; updatedAt?: Date }) {
    this.id = fields.id;
    this.title = fields.title;
    this.venue = fields.venue;
    this.startsAt = fields.startsAt;
    this.description = fields.description;
    this.image = fields.image;
    this.updatedAt = fields.updatedAt ?? new Date();
  }

  /** Takes new values, marking the event as changed now (whole seconds: Last-Modified has no finer unit). */
  change(fields: Partial<EventFields>, now = new Date()): void {
    Object.assign(this, fields);
    this.updatedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  }
}

export const eventMetadata: EntityMetadata<Event> = {
  table: 'app_event',
  id: 'id',
  columns: { id: 'integer', title: 'text', venue: 'text', starts_at: 'datetime', description: 'text', image: 'text', updated_at: 'datetime' },
  hydrate: (row) =>
    new Event({
      id: row.id as number,
      title: row.title as string,
      venue: row.venue as string,
      startsAt: row.starts_at as Date,
      description: (row.description as string | null) ?? '',
      image: row.image as string | null,
      updatedAt: row.updated_at as Date,
    }),
  extract: (event) => ({
    id: event.id,
    title: event.title,
    venue: event.venue,
    starts_at: event.startsAt,
    description: event.description,
    image: event.image,
    updated_at: event.updatedAt,
  }),
};

/** What the JSON API shows of an event (`event:read`). */
serializationGroups(Event, Object.fromEntries(['id', 'title', 'venue', 'startsAt', 'description', 'image', 'updatedAt'].map((field) => [field, ['event:read']])));
