import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileData } from './profile.ts';
import { isValidToken, matchesSearch, summaryOf, type ProfileSearch, type ProfileSummary, type ProfilerStorage } from './profiler-storage.ts';

export interface FileProfilerStorageOptions {
  /** Profiles kept at most; the oldest go first. 1000 by default. */
  readonly maxProfiles?: number;
  /** Profiles older than this are forgotten, in ms. Two days by default. */
  readonly maxAge?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/**
 * Profiles as JSON files under a directory (`var/profiler` by default): one file per
 * profile in a folder named after the token's last two characters, and `index.jsonl`
 * with one summary per line, appended (one short write, so processes sharing the
 * directory do not interleave lines). Searches read the index only.
 *
 * Bounds are enforced by this process when it writes: once the index holds more than
 * `maxProfiles` lines or its oldest line is older than `maxAge`, the index is rewritten
 * without the excess and their files are removed.
 */
export class FileProfilerStorage implements ProfilerStorage {
  readonly dir: string;
  readonly #maxProfiles: number;
  readonly #maxAge: number;
  readonly #now: () => number;
  readonly #index: string;
  /** Writes of this process, one after the other, so pruning never races an append. */
  #queue: Promise<unknown> = Promise.resolve();
  #lines: number | undefined;
  #oldest = Number.POSITIVE_INFINITY;

  constructor(dir: string, options: FileProfilerStorageOptions = {}) {
    this.dir = dir;
    this.#maxProfiles = options.maxProfiles ?? 1000;
    this.#maxAge = options.maxAge ?? 2 * 24 * 3600 * 1000;
    this.#now = options.now ?? Date.now;
    this.#index = join(dir, 'index.jsonl');
  }

  write(profile: ProfileData): Promise<void> {
    if (!isValidToken(profile.token)) return Promise.reject(new Error(`Invalid profile token "${profile.token}".`));
    const done = this.#queue.then(() => this.#write(profile));
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async read(token: string): Promise<ProfileData | undefined> {
    if (!isValidToken(token)) return undefined;
    let text: string;
    try {
      text = await readFile(this.#file(token), 'utf8');
    } catch {
      return undefined;
    }
    const data = JSON.parse(text) as ProfileData;
    return this.#expired(data.time) ? undefined : data;
  }

  async find(search: ProfileSearch = {}): Promise<ProfileSummary[]> {
    const found = (await this.#readIndex()).filter((summary) => !this.#expired(summary.time) && matchesSearch(summary, search));
    // The index is in write order; a parent is written after its children but may be older.
    found.sort((a, b) => b.time - a.time);
    return found.slice(0, search.limit ?? 50);
  }

  purge(): Promise<void> {
    const done = this.#queue.then(async () => {
      await rm(this.dir, { recursive: true, force: true });
      this.#lines = 0;
      this.#oldest = Number.POSITIVE_INFINITY;
    });
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async #write(profile: ProfileData): Promise<void> {
    const file = this.#file(profile.token);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    await appendFile(this.#index, `${JSON.stringify(summaryOf(profile))}\n`);
    if (this.#lines === undefined) {
      // first write of this process: learn what earlier runs left
      const existing = await this.#readIndex();
      this.#lines = existing.length;
      for (const summary of existing) this.#oldest = Math.min(this.#oldest, summary.time);
    } else {
      this.#lines++;
      this.#oldest = Math.min(this.#oldest, profile.time);
    }
    if (this.#lines > this.#maxProfiles || this.#expired(this.#oldest)) await this.#prune();
  }

  async #prune(): Promise<void> {
    const all = await this.#readIndex();
    const fresh = all.filter((summary) => !this.#expired(summary.time));
    fresh.sort((a, b) => a.time - b.time);
    const kept = fresh.slice(Math.max(0, fresh.length - this.#maxProfiles));
    const keptTokens = new Set(kept.map((summary) => summary.token));
    const temporary = `${this.#index}.${process.pid}.tmp`;
    await writeFile(temporary, kept.map((summary) => `${JSON.stringify(summary)}\n`).join(''));
    await rename(temporary, this.#index);
    await Promise.all(all.filter((summary) => !keptTokens.has(summary.token)).map((summary) => rm(this.#file(summary.token), { force: true })));
    this.#lines = kept.length;
    this.#oldest = kept[0]?.time ?? Number.POSITIVE_INFINITY;
  }

  async #readIndex(): Promise<ProfileSummary[]> {
    let text: string;
    try {
      text = await readFile(this.#index, 'utf8');
    } catch {
      return [];
    }
    const summaries: ProfileSummary[] = [];
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        summaries.push(JSON.parse(line) as ProfileSummary);
      } catch {
        // a line cut short by a crash mid-append: the profile is lost, the others are not
      }
    }
    return summaries;
  }

  #file(token: string): string {
    return join(this.dir, token.slice(-2).toLowerCase(), `${token}.json`);
  }

  #expired(time: number): boolean {
    return this.#now() - time > this.#maxAge;
  }
}
