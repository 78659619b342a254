import type { Awaitable, Criteria, FindOptions, WritableRepository } from 'sluice/persistence';
import type { Event } from './event.ts';

/**
 * The events, in SQLite or PostgreSQL: the backend's repository (which answers directly
 * for SQLite and with promises for PostgreSQL) plus the site's own queries. Registered
 * as Event's repository, so the parameter converter uses it too.
 */
export class EventRepository implements WritableRepository<Event> {
  readonly #inner: WritableRepository<Event>;

  constructor(inner: WritableRepository<Event>) {
    this.#inner = inner;
  }

  find(id: unknown): Awaitable<Event | undefined> {
    return this.#inner.find(id);
  }

  findOneBy(criteria: Criteria): Awaitable<Event | undefined> {
    return this.#inner.findOneBy(criteria);
  }

  findBy(criteria: Criteria, options?: FindOptions): Awaitable<Event[]> {
    return this.#inner.findBy(criteria, options);
  }

  /** Every event, soonest first (the admin list). */
  async all(): Promise<Event[]> {
    return this.#inner.findBy({}, { orderBy: { starts_at: 'asc', id: 'asc' } });
  }

  /**
   * Events that have not started yet, soonest first. Criteria are equalities only, so the
   * date is compared here; a site of a few hundred events reads them all in well under a
   * millisecond from SQLite.
   */
  async upcoming(now: Date = new Date()): Promise<Event[]> {
    return (await this.all()).filter((event) => event.startsAt.getTime() >= now.getTime());
  }

  insert(event: Event): Awaitable<unknown> {
    return this.#inner.insert(event);
  }

  update(event: Event): Awaitable<boolean> {
    return this.#inner.update(event);
  }

  delete(id: unknown): Awaitable<boolean> {
    return this.#inner.delete(id);
  }

  /** A page of every event, soonest first, and how many there are in all (the API's list). */
  async page(page: number, perPage: number): Promise<{ items: Event[]; total: number }> {
    const order = { orderBy: { starts_at: 'asc', id: 'asc' } } as const;
    const [items, all] = await Promise.all([this.#inner.findBy({}, { ...order, limit: perPage, offset: (page - 1) * perPage }), this.#inner.findBy({})]);
    return { items, total: all.length };
  }
}
