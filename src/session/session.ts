import type { SessionStore } from './session-store.ts';
import { FlashBag } from './flash-bag.ts';
import { isWellFormedSessionId, newSessionId } from './session-id.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface SessionOptions {
  /** The id the client sent (its cookie). Adopted only if the store knows it. */
  requestedId?: string;
  /** How long the session lives in the store after its last write. Default 1440 s. */
  ttlMs?: number;
  /**
   * An unchanged session is written again, only to push its expiry back, once its last
   * write is older than this. Default a tenth of the TTL.
   */
  refreshAfterMs?: number;
  now?: () => number;
}

/** What the client's session cookie must become once the session is saved. */
export type CookieChange = 'keep' | 'set' | 'clear';

type Flashes = Record<string, string[]>;

/**
 * A user's session: attributes and flash messages kept between requests.
 *
 * It is lazy: nothing is read, written or sent until it is used (any read or write of a
 * value, `start()`, a flash). Its methods are async because the first use loads it from
 * the store. The id the client sends is adopted only if the store knows it; an unknown,
 * expired or malformed id starts a fresh session under a NEW random id, so nobody can
 * choose the id of another user's session (session fixation).
 *
 * Saving (SessionListener, on the main response) writes only a started session, and only
 * if its data changed, it got a new id, or its last write is older than `refreshAfterMs`
 * (to keep an active session alive). An empty session is never stored: one that became
 * empty is destroyed and its cookie cleared.
 */
export class Session {
  readonly requestedId: string | undefined;
  readonly flashes: FlashBag;
  readonly #store: () => SessionStore;
  readonly #ttlMs: number;
  readonly #refreshAfterMs: number;
  readonly #now: () => number;
  #loading: Promise<void> | undefined;
  #started = false;
  #id: string | undefined;
  #attributes = new Map<string, unknown>();
  #flashes: Flashes = Object.create(null) as Flashes;
  #usage = 0;
  /** The id the store holds this session's data under, with that data and when it was written. */
  #stored: { id: string; body: string; at: number } | undefined;
  readonly #destroyOnSave = new Set<string>();

  /** @param store the store, or a function giving it, so that an unused session creates no store at all */
  constructor(store: SessionStore | (() => SessionStore), options: SessionOptions = {}) {
    let resolved: SessionStore | undefined = typeof store === 'function' ? undefined : store;
    this.#store = () => (resolved ??= (store as () => SessionStore)());
    this.requestedId = options.requestedId;
    this.#ttlMs = options.ttlMs ?? 1_440_000;
    this.#refreshAfterMs = options.refreshAfterMs ?? this.#ttlMs / 10;
    this.#now = options.now ?? Date.now;
    this.flashes = new FlashBag({ flashes: async () => (await this.start(), this.#flashes) });
  }

  /** The id, once started. */
  get id(): string | undefined {
    return this.#id;
  }

  get isStarted(): boolean {
    return this.#started;
  }

  /** Counts every use; SessionListener compares it to know whether a request used the session. */
  get usageIndex(): number {
    return this.#usage;
  }

  get isEmpty(): boolean {
    return this.#attributes.size === 0 && Object.values(this.#flashes).every((messages) => messages.length === 0);
  }

  /** Loads the session (once): the client's if the store knows its id, else a fresh one. */
  async start(): Promise<void> {
    this.#usage++;
    await (this.#loading ??= this.#load());
  }

  async get<T = unknown>(name: string, fallback?: T): Promise<T | undefined> {
    await this.start();
    return this.#attributes.has(name) ? (this.#attributes.get(name) as T) : fallback;
  }

  /** Values must survive JSON (no functions, BigInts or cycles): they are stored as JSON. */
  async set(name: string, value: unknown): Promise<void> {
    await this.start();
    assertSerializable(name, value);
    this.#attributes.set(name, value);
  }

  async has(name: string): Promise<boolean> {
    await this.start();
    return this.#attributes.has(name);
  }

  async remove(name: string): Promise<unknown> {
    await this.start();
    const value = this.#attributes.get(name);
    this.#attributes.delete(name);
    return value;
  }

  async all(): Promise<Record<string, unknown>> {
    await this.start();
    return Object.fromEntries(this.#attributes);
  }

  /** Forgets every attribute and flash message; the id stays. */
  async clear(): Promise<void> {
    await this.start();
    this.#attributes.clear();
    this.#flashes = Object.create(null) as Flashes;
  }

  /**
   * Gives the session a new id, keeping its data: call it when the user's privileges
   * change (login), so an id known before is worth nothing after. With `destroy`, the
   * data under the old id is removed from the store too.
   */
  async migrate(destroy = false): Promise<void> {
    await this.start();
    if (destroy && this.#stored !== undefined) this.#destroyOnSave.add(this.#stored.id);
    this.#id = newSessionId();
  }

  /** Clears the session and gives it a new id, destroying the old one (logout). */
  async invalidate(): Promise<void> {
    await this.clear();
    await this.migrate(true);
  }

  /** Writes the session if it needs it (see the class comment); says what the cookie must become. */
  async save(): Promise<CookieChange> {
    if (!this.#started) return 'keep';
    const store = this.#store();
    if (this.#stored !== undefined && this.#destroyOnSave.has(this.#stored.id)) this.#stored = undefined;
    for (const id of this.#destroyOnSave) await store.destroy(id);
    this.#destroyOnSave.clear();
    if (this.isEmpty) {
      if (this.#stored?.id === this.#id) await store.destroy(this.#id!);
      this.#stored = undefined;
      return this.requestedId === undefined ? 'keep' : 'clear';
    }
    const body = JSON.stringify([Object.fromEntries(this.#attributes), this.#flashes]);
    const now = this.#now();
    const stored = this.#stored;
    if (stored === undefined || stored.id !== this.#id || stored.body !== body || now - stored.at >= this.#refreshAfterMs) {
      await store.write(this.#id!, `{"u":${now},"d":${body}}`, this.#ttlMs);
      this.#stored = { id: this.#id!, body, at: now };
    }
    return this.#id === this.requestedId ? 'keep' : 'set';
  }

  async #load(): Promise<void> {
    const requested = this.requestedId;
    if (isWellFormedSessionId(requested)) {
      const raw = await this.#store().read(requested);
      const payload = raw === undefined ? undefined : parsePayload(raw);
      if (payload !== undefined) {
        this.#attributes = new Map(Object.entries(payload.attributes));
        this.#flashes = Object.assign(Object.create(null) as Flashes, payload.flashes);
        this.#stored = { id: requested, body: JSON.stringify([payload.attributes, payload.flashes]), at: payload.writtenAt };
        this.#id = requested;
        this.#started = true;
        return;
      }
    }
    this.#id = newSessionId();
    this.#started = true;
  }
}

interface Payload {
  attributes: Record<string, unknown>;
  flashes: Flashes;
  writtenAt: number;
}

/** The stored form `{"u": written at, "d": [attributes, flashes]}`; anything else is no session. */
function parsePayload(raw: string): Payload | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const { u, d } = (parsed ?? {}) as { u?: unknown; d?: unknown };
  if (typeof u !== 'number' || !Array.isArray(d) || d.length !== 2 || !isRecord(d[0]) || !isRecord(d[1])) return undefined;
  const flashes = d[1];
  if (!Object.values(flashes).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))) return undefined;
  return { attributes: d[0], flashes: flashes as Flashes, writtenAt: u };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertSerializable(name: string, value: unknown): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new SluiceError('SLUICE_SESSION_VALUE_NOT_JSON', { name, reason: (error as Error).message });
  }
  if (json === undefined) throw new SluiceError('SLUICE_SESSION_VALUE_WITHOUT_JSON', { name, type: typeof value });
}
