/** Where a FlashBag finds its messages: the session's, loaded on first use. */
export interface FlashStorage {
  flashes(): Promise<Record<string, string[]>>;
}

/**
 * Messages for the next page the user sees ("Event saved."), kept in the session by type
 * (`notice`, `error`...). `add` queues one; `get` and `all` hand them out and forget
 * them, `peek` looks without consuming. Every call is a use of the session.
 */
export class FlashBag {
  readonly #storage: FlashStorage;

  constructor(storage: FlashStorage) {
    this.#storage = storage;
  }

  async add(type: string, message: string): Promise<void> {
    const flashes = await this.#storage.flashes();
    (flashes[type] ??= []).push(message);
  }

  /** Replaces the messages of a type. */
  async set(type: string, messages: readonly string[]): Promise<void> {
    const flashes = await this.#storage.flashes();
    if (messages.length === 0) delete flashes[type];
    else flashes[type] = [...messages];
  }

  async peek(type: string): Promise<string[]> {
    return [...((await this.#storage.flashes())[type] ?? [])];
  }

  async peekAll(): Promise<Record<string, string[]>> {
    return structuredClone(await this.#storage.flashes());
  }

  /** The messages of a type, which are then gone. */
  async get(type: string): Promise<string[]> {
    const flashes = await this.#storage.flashes();
    const messages = flashes[type] ?? [];
    delete flashes[type];
    return messages;
  }

  /** Every message by type, all then gone. */
  async all(): Promise<Record<string, string[]>> {
    const flashes = await this.#storage.flashes();
    const copy = { ...flashes };
    for (const type of Object.keys(flashes)) delete flashes[type];
    return copy;
  }

  async has(type: string): Promise<boolean> {
    return ((await this.#storage.flashes())[type]?.length ?? 0) > 0;
  }
}
