import type { EntityMetadata } from '../entity-metadata.ts';

/** An entity for the persistence and converter tests. */
export class TestEvent {
  constructor(
    readonly id: number | undefined,
    readonly title: string,
    readonly slug: string,
    readonly price: number | null = null,
    readonly published = true,
    readonly startsAt: Date | null = null,
  ) {}
}

/** A table name per test run, so concurrent runs and other suites never share rows. */
export function eventMetadata(table = `events_${process.pid}_${Math.random().toString(36).slice(2, 8)}`): EntityMetadata<TestEvent> {
  return {
    table,
    id: 'id',
    columns: { id: 'integer', title: 'text', slug: 'text', price: 'real', published: 'boolean', starts_at: 'datetime' },
    hydrate: (row) => new TestEvent(row.id as number, row.title as string, row.slug as string, row.price as number | null, row.published as boolean, row.starts_at as Date | null),
    extract: (event) => ({ id: event.id, title: event.title, slug: event.slug, price: event.price, published: event.published, starts_at: event.startsAt }),
  };
}

export const fixtures: readonly TestEvent[] = [
  new TestEvent(42, 'Jazz night', 'jazz-night', 12.5, true, new Date('2030-05-01T20:00:00Z')),
  new TestEvent(43, 'Opening', 'opening', null, true, new Date('2030-04-01T18:00:00Z')),
  new TestEvent(44, 'Workshop', 'workshop', 30, false, null),
];
