/** Messages of one locale, by domain then key. */
export type Messages = Readonly<Record<string, string>>;

export class MessageCatalog {
  readonly locale: string;
  readonly #domains = new Map<string, Map<string, string>>();

  constructor(locale: string) {
    this.locale = locale;
  }

  add(messages: Messages, domain = 'messages'): void {
    let map = this.#domains.get(domain);
    if (map === undefined) this.#domains.set(domain, (map = new Map()));
    for (const [key, value] of Object.entries(messages)) map.set(key, value);
  }

  get(key: string, domain = 'messages'): string | undefined {
    return this.#domains.get(domain)?.get(key);
  }

  has(key: string, domain = 'messages'): boolean {
    return this.#domains.get(domain)?.has(key) ?? false;
  }

  domains(): string[] {
    return [...this.#domains.keys()];
  }

  all(domain = 'messages'): Record<string, string> {
    return Object.fromEntries(this.#domains.get(domain) ?? []);
  }
}
