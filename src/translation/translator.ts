import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageCatalog, type Messages } from './message-catalog.ts';

export interface TranslatorOptions {
  defaultLocale: string;
  /** Tried in order when a message is missing in the requested locale. */
  fallbackLocales?: readonly string[];
  /** The locale of the request being handled (read on each call: no listener needed). */
  currentLocale?: () => string | undefined;
  /** Told about each missing message once per locale/domain/key. */
  onMissing?: (key: string, locale: string, domain: string) => void;
}

const fileName = /^([a-z_-]+)\.([a-zA-Z_]+)\.json$/;

/**
 * Translates message keys into the request's locale. Parameters use `{name}` or
 * `%name%`; a message with `|` alternatives is chosen by `count` with the locale's plural
 * rules (`{count} event|{count} events`, or ICU-style categories `one:…|other:…`).
 * The locale comes from the current request each time, so concurrent requests in
 * different locales never mix.
 */
export class Translator {
  readonly #catalogs = new Map<string, MessageCatalog>();
  readonly #options: TranslatorOptions;
  readonly #plurals = new Map<string, Intl.PluralRules>();
  readonly #reported = new Set<string>();

  constructor(options: TranslatorOptions) {
    this.#options = options;
  }

  get locale(): string {
    return this.#options.currentLocale?.() ?? this.#options.defaultLocale;
  }

  addMessages(locale: string, messages: Messages, domain = 'messages'): void {
    this.catalog(locale).add(messages, domain);
  }

  /** Loads `<domain>.<locale>.json` files (flat key → message objects) from a directory. */
  loadDirectory(dir: string): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const match = fileName.exec(name);
      if (match === null) continue;
      const messages = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Messages;
      this.addMessages(match[2]!, messages, match[1]!);
    }
  }

  catalog(locale: string): MessageCatalog {
    let catalog = this.#catalogs.get(locale);
    if (catalog === undefined) this.#catalogs.set(locale, (catalog = new MessageCatalog(locale)));
    return catalog;
  }

  locales(): string[] {
    return [...this.#catalogs.keys()].sort();
  }

  trans(key: string, parameters: Record<string, unknown> = {}, domain = 'messages', locale = this.locale): string {
    const message = this.#find(key, domain, locale);
    const count = parameters.count ?? parameters['%count%'];
    const chosen = typeof count === 'number' && message.includes('|') ? this.#choose(message, count, locale) : message;
    // Most messages have no placeholder: given back as they are, with no pass of the pattern.
    if (!chosen.includes('{') && !chosen.includes('%')) return chosen;
    return chosen.replace(/\{(\w+)\}|%(\w+)%/g, (whole, brace: string | undefined, percent: string | undefined) => {
      const name = brace ?? percent!;
      const value = parameters[name] ?? parameters[`%${name}%`];
      return value === undefined ? whole : String(value);
    });
  }

  #find(key: string, domain: string, locale: string): string {
    // The requested locale has most messages: found there without building the fallback chain.
    const direct = this.#catalogs.get(locale)?.get(key, domain);
    if (direct !== undefined) return direct;
    const chain = [locale, ...(locale.includes('_') ? [locale.split('_')[0]!] : []), ...(this.#options.fallbackLocales ?? []), this.#options.defaultLocale];
    for (const candidate of chain) {
      const found = this.#catalogs.get(candidate)?.get(key, domain);
      if (found !== undefined) {
        if (candidate !== locale) this.#missing(key, locale, domain);
        return found;
      }
    }
    this.#missing(key, locale, domain);
    return key;
  }

  #choose(message: string, count: number, locale: string): string {
    const parts = message.split('|');
    const categorized = parts.map((part) => /^(zero|one|two|few|many|other):(.*)$/s.exec(part));
    if (categorized.every((m) => m !== null)) {
      const category = this.#pluralRules(locale).select(count);
      const hit = categorized.find((m) => m![1] === category) ?? categorized.find((m) => m![1] === 'other');
      return (hit ?? categorized[categorized.length - 1])![2]!;
    }
    const category = this.#pluralRules(locale).select(count);
    const index = category === 'one' ? 0 : 1;
    return parts[Math.min(index, parts.length - 1)]!;
  }

  #pluralRules(locale: string): Intl.PluralRules {
    let rules = this.#plurals.get(locale);
    if (rules === undefined) {
      try {
        rules = new Intl.PluralRules(locale.replace('_', '-'));
      } catch {
        rules = new Intl.PluralRules('en');
      }
      this.#plurals.set(locale, rules);
    }
    return rules;
  }

  #missing(key: string, locale: string, domain: string): void {
    const id = `${locale}|${domain}|${key}`;
    if (this.#reported.has(id)) return;
    this.#reported.add(id);
    this.#options.onMissing?.(key, locale, domain);
  }
}
