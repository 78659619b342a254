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
 * Bounds are enforced by this process when it writes, at a constant cost per write: it
 * keeps the index's tokens in memory (read once), removes the files of profiles beyond
 * `maxProfiles` or older than `maxAge` at once, and rewrites the index without them only
 * once enough lines went stale (a tenth of the bound). Searches apply the bounds to what
 * the index still lists, so they never see a removed profile. (Rewriting the index on
 * every write made each request of a debug app read and write the whole index.)
 */
export class FileProfilerStorage implements ProfilerStorage {
  readonly dir: string;
  readonly #maxProfiles: number;
  readonly #maxAge: number;
  readonly #now: () => number;
  readonly #index: string;
  /** Batches and purges of this process, one after the other, so pruning never races an append. */
  #queue: Promise<unknown> = Promise.resolve();
  /** The profiles this process knows are kept, oldest first; read from the index on the first write. */
  #kept: Array<{ token: string; time: number }> | undefined;
  /** Lines of the index whose profiles are gone. */
  #stale = 0;
  /** Profiles waiting for the next batch. */
  #pending: PendingWrite[] = [];
  /** Folders this process made or found, so a write does not ask again. */
  readonly #folders = new Set<string>();

  constructor(dir: string, options: FileProfilerStorageOptions = {}) {
    this.dir = dir;
    this.#maxProfiles = options.maxProfiles ?? 1000;
    this.#maxAge = options.maxAge ?? 2 * 24 * 3600 * 1000;
    this.#now = options.now ?? Date.now;
    this.#index = join(dir, 'index.jsonl');
  }

  /**
   * Profiles written while a batch is being written wait for the next batch: under load
   * the files of a batch are written side by side and the index gets one append per
   * batch, so writing keeps up with the requests instead of queueing them up in memory.
   */
  write(profile: ProfileData): Promise<void> {
    if (!isValidToken(profile.token)) return Promise.reject(new Error(`Invalid profile token "${profile.token}".`));
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ profile, resolve, reject });
      // a batch settles each of its writes itself: its own promise never rejects
      if (this.#pending.length === 1) void this.#enqueue(() => this.#writeBatch());
    });
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
    // The index is in write order; a parent is written after its children but may be older.
    const kept = (await this.#readIndex()).filter((summary) => !this.#expired(summary.time)).sort((a, b) => b.time - a.time).slice(0, this.#maxProfiles);
    return kept.filter((summary) => matchesSearch(summary, search)).slice(0, search.limit ?? 50);
  }

  purge(): Promise<void> {
    return this.#enqueue(async () => {
      await rm(this.dir, { recursive: true, force: true });
      this.#folders.clear();
      this.#kept = [];
      this.#stale = 0;
    });
  }

  /** Runs `task` after this process's earlier writes and purges; a failure does not stop the ones after it. */
  #enqueue(task: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(task);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async #writeBatch(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    const outcomes = await Promise.allSettled(batch.map((entry) => this.#writeFile(entry.profile)));
    // the index lists the batch's profiles in the order they were written
    const written: PendingWrite[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') written.push(batch[i]!);
      else batch[i]!.reject(outcome.reason);
    });
    if (written.length === 0) return;
    try {
      await appendFile(this.#index, written.map((entry) => `${JSON.stringify(summaryOf(entry.profile))}\n`).join(''));
      await this.#applyBounds(written.map((entry) => entry.profile));
    } catch (error) {
      for (const entry of written) entry.reject(error);
      return;
    }
    for (const entry of written) entry.resolve();
  }

  async #writeFile(profile: ProfileData): Promise<void> {
    const file = this.#file(profile.token);
    const folder = join(file, '..');
    const json = JSON.stringify(profile);
    try {
      if (!this.#folders.has(folder)) await mkdir(folder, { recursive: true });
      await writeFile(file, json);
    } catch (error) {
      // the directory was removed behind this process's back (a cache clear): make it again
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#folders.clear();
      await mkdir(folder, { recursive: true });
      await writeFile(file, json);
    }
    this.#folders.add(folder);
  }

  async #applyBounds(profiles: readonly ProfileData[]): Promise<void> {
    if (this.#kept === undefined) {
      // first write of this process: apply the bounds to what earlier runs left, index included
      await this.#rewriteIndex();
      return;
    }
    for (const profile of profiles) insertByTime(this.#kept, { token: profile.token, time: profile.time });
    const gone: string[] = [];
    while (this.#kept.length > this.#maxProfiles) gone.push(this.#kept.shift()!.token);
    while (this.#kept.length > 0 && this.#expired(this.#kept[0]!.time)) gone.push(this.#kept.shift()!.token);
    if (gone.length === 0) return;
    await Promise.all(gone.map((token) => rm(this.#file(token), { force: true })));
    this.#stale += gone.length;
    if (this.#stale >= Math.max(1, Math.ceil(this.#maxProfiles / 10))) await this.#rewriteIndex();
  }

  /** Rewrites the index with the profiles within bounds (whoever wrote them) and removes the others' files. */
  async #rewriteIndex(): Promise<void> {
    const all = await this.#readIndex();
    const fresh = all.filter((summary) => !this.#expired(summary.time));
    fresh.sort((a, b) => a.time - b.time);
    const kept = fresh.slice(Math.max(0, fresh.length - this.#maxProfiles));
    if (kept.length < all.length) {
      const keptTokens = new Set(kept.map((summary) => summary.token));
      const temporary = `${this.#index}.${process.pid}.tmp`;
      await writeFile(temporary, kept.map((summary) => `${JSON.stringify(summary)}\n`).join(''));
      await rename(temporary, this.#index);
      await Promise.all(all.filter((summary) => !keptTokens.has(summary.token)).map((summary) => rm(this.#file(summary.token), { force: true })));
    }
    this.#kept = kept.map((summary) => ({ token: summary.token, time: summary.time }));
    this.#stale = 0;
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

/** Inserts keeping the list ordered by time; a new profile is almost always the newest. */
function insertByTime(list: Array<{ token: string; time: number }>, entry: { token: string; time: number }): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.time > entry.time) at--;
  list.splice(at, 0, entry);
}

interface PendingWrite {
  readonly profile: ProfileData;
  resolve(): void;
  reject(error: unknown): void;
}
