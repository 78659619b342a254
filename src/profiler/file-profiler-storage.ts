import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isSerialized, LineBuffer, overwriteFile, overwriteFileWith, pairBySize, removeFile, renamed, serialize, type KeptProfile, type SerializationFailure, type SerializedProfile } from './profile-files.ts';
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
 * Profiles as JSON files under a directory (`var/profiler` by default): a file per
 * profile in a folder named after the token's last two characters, and `index.jsonl`
 * with one summary per line, appended (one short write, so processes sharing the
 * directory do not interleave lines). Searches read the index only.
 *
 * A profile written in the same batch as its parent is held in the parent's file, one
 * profile per line after the parent's (a 404's error page is profiled as a sub-request
 * of the request, and both are saved together): one file to write instead of two, which
 * was the larger part of what storing them cost the file system. Reading it finds its
 * parent in the index. A held profile leaves with the file that holds it.
 *
 * Bounds are enforced by this process when it writes, at a constant cost per write: it
 * keeps the index's tokens in memory (read once), removes the files of profiles beyond
 * `maxProfiles` or older than `maxAge` at once, and rewrites the index without them only
 * once enough lines went stale (a tenth of the bound). Searches apply the bounds to what
 * the index still lists, so they never see a removed profile. (Rewriting the index on
 * every write made each request of a debug app read and write the whole index.)
 *
 * Past the bound, a new profile takes over the file of a profile the bound removes: the
 * file is renamed to the new token and its content overwritten in place, then cut to
 * length if it was longer (the largest new profile of a batch takes the largest file).
 * Creating a file and unlinking another cost the file system far more than that (an
 * inode made and one freed, every block allocated and every old one released); on a
 * debug app that is past its bound, which is every one after its first thousand
 * requests, it was most of what storing a profile cost. A crash in the middle leaves a
 * file that reads as no profile (see `read`), as a crash in the middle of a write does.
 *
 * A batch writes with synchronous calls, once the responses of the event loop's turn
 * are out (Symfony's storage writes synchronously at kernel.terminate too). Each
 * asynchronous call goes through libuv's thread pool: a thread woken, the result handed
 * back through an eventfd and the event loop. For a profile that hand-over cost several
 * times the system calls themselves, and a debug app stores two profiles for each error
 * page. The calls write to the page cache (nothing is synced), so the event loop waits
 * only as long as the copy into that cache takes.
 * Reading and searching, which a developer's browser asks for, stay asynchronous.
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
  #kept: KeptProfile[] | undefined;
  /** The profiles held in each kept profile's file (see `write`), by the token of its owner. */
  readonly #held = new Map<string, string[]>();
  /** Lines of the index whose profiles are gone. */
  #stale = 0;
  /** Profiles whose files this process removed or took over since the index was last rewritten. */
  readonly #removed = new Set<string>();
  /** Profiles waiting for the next batch. */
  #pending: PendingWrite[] = [];
  /** Folders this process made or found, so a write does not ask again. */
  readonly #folders = new Set<string>();
  /**
   * The index lines this process wrote or read since the index was last rewritten, with
   * their summaries, in the order the index has them: a rewrite parses only the lines
   * other processes added (see `parseIndexLines`).
   */
  #lines: IndexLine[] = [];
  /** Where index rewrites read and write the index's bytes (see `#readIndexLines`). */
  readonly #scratch = new LineBuffer();

  constructor(dir: string, options: FileProfilerStorageOptions = {}) {
    this.dir = dir;
    this.#maxProfiles = options.maxProfiles ?? 1000;
    this.#maxAge = options.maxAge ?? 2 * 24 * 3600 * 1000;
    this.#now = options.now ?? Date.now;
    this.#index = join(dir, 'index.jsonl');
  }

  /**
   * The profiles written during one turn of the event loop make one batch, written after
   * the turn's I/O (its responses): under load the index gets one append per batch, so
   * writing keeps up with the requests instead of queueing them up in memory.
   */
  write(profile: ProfileData): Promise<void> {
    if (!isValidToken(profile.token)) return Promise.reject(new Error(`Invalid profile token "${profile.token}".`));
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ profile, resolve, reject });
      // a batch settles each of its writes itself: its own promise never rejects
      if (this.#pending.length === 1) setImmediate(() => void this.#enqueue(async () => this.#writeBatch()));
    });
  }

  async read(token: string): Promise<ProfileData | undefined> {
    if (!isValidToken(token)) return undefined;
    const data = (await this.#readFrom(token, token)) ?? (await this.#readHeld(token));
    return data === undefined || this.#expired(data.time) ? undefined : data;
  }

  /** The profile `token` from the file of `fileToken`, if it holds it. */
  async #readFrom(fileToken: string, token: string): Promise<ProfileData | undefined> {
    try {
      return profileIn(await readFile(this.#file(fileToken), 'utf8'), token);
    } catch {
      // no such file
      return undefined;
    }
  }

  /**
   * A profile held in the file of an ancestor written in the same batch (a sub-request's
   * in its main request's): the index gives its parent, whose file holds it, or the
   * parent's parent's when the parent is held too.
   */
  async #readHeld(token: string): Promise<ProfileData | undefined> {
    const index = await readIndexText(this.#index);
    const seen = new Set([token]);
    let parent = parentIn(index, token);
    while (parent !== undefined && isValidToken(parent) && !seen.has(parent)) {
      const data = await this.#readFrom(parent, token);
      if (data !== undefined) return data;
      seen.add(parent);
      parent = parentIn(index, parent);
    }
    return undefined;
  }

  async find(search: ProfileSearch = {}): Promise<ProfileSummary[]> {
    // The index is in write order; a parent is written after its children but may be older.
    const kept = parseIndex(await readIndexText(this.#index)).filter((summary) => !this.#expired(summary.time)).sort((a, b) => b.time - a.time).slice(0, this.#maxProfiles);
    return kept.filter((summary) => matchesSearch(summary, search)).slice(0, search.limit ?? 50);
  }

  purge(): Promise<void> {
    return this.#enqueue(async () => {
      await rm(this.dir, { recursive: true, force: true });
      this.#folders.clear();
      this.#kept = [];
      this.#stale = 0;
      this.#removed.clear();
      this.#held.clear();
      this.#lines = [];
    });
  }

  /** Runs `task` after this process's earlier writes and purges; a failure does not stop the ones after it. */
  #enqueue(task: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(task);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  #writeBatch(): void {
    const batch = this.#pending;
    this.#pending = [];
    // serialized first: the sizes decide which new file takes over which outgoing one
    const contents = batch.map((entry) => serialize(entry.profile));
    const files = fileGroups(batch.map((entry) => entry.profile), contents);
    const fileContents = files.map((file) => joinLines(file.members.map((i) => contents[i] as SerializedProfile)));
    const outgoingFiles = this.#outgoing(contents.filter(isSerialized).length).filter((profile) => profile.host === undefined);
    const reuse = pairBySize(fileContents, outgoingFiles);
    const outcomes = files.map((file, f) => this.#writeFile(batch[file.members[0]!]!.profile.token, fileContents[f]!, reuse[f]));
    const fileOf = new Map<number, number>();
    files.forEach((file, f) => {
      for (const i of file.members) fileOf.set(i, f);
    });
    // the index lists the batch's profiles in the order they were written
    const written: Array<{ entry: PendingWrite; kept: KeptProfile }> = [];
    // outgoing profiles whose files were taken over (also by a profile whose write then failed)
    const takenOver = new Set<string>();
    outcomes.forEach((outcome, f) => {
      if (outcome.tookOver) takenOver.add(reuse[f]!.token);
    });
    batch.forEach((entry, i) => {
      const f = fileOf.get(i);
      const failure = f === undefined ? (contents[i] as SerializationFailure) : outcomes[f]!.failure;
      if (failure !== undefined) {
        entry.reject(failure.error);
        return;
      }
      const host = batch[files[f!]!.members[0]!]!.profile.token;
      const { token, time } = entry.profile;
      written.push({ entry, kept: host === token ? { token, time, bytes: fileContents[f!]!.bytes } : { token, time, host } });
    });
    if (written.length === 0 && takenOver.size === 0) return;
    try {
      if (written.length > 0) appendFileSync(this.#index, written.map(({ entry }) => `${this.#line(summaryOf(entry.profile))}\n`).join(''));
      this.#applyBounds(written.map(({ kept }) => kept), takenOver);
    } catch (error) {
      for (const { entry } of written) entry.reject(error);
      return;
    }
    for (const { entry } of written) entry.resolve();
  }

  /**
   * The oldest kept profiles that `count` new ones will push out (by count or age), at
   * most one per new profile: their files are taken over by the new ones. None before the
   * first write of this process has read the index.
   */
  #outgoing(count: number): KeptProfile[] {
    const kept = this.#kept;
    if (kept === undefined) return [];
    const excess = kept.length + count - this.#maxProfiles;
    const outgoing: KeptProfile[] = [];
    for (let i = 0; i < kept.length && outgoing.length < count; i++) {
      if (i >= excess && !this.#expired(kept[i]!.time)) break;
      outgoing.push(kept[i]!);
    }
    return outgoing;
  }

  /**
   * Writes a profile's file, taking over the file of the outgoing profile `reuse` when
   * there is one. Never rejects: a failure is part of the outcome, since a file taken
   * over is gone even when writing the new profile into it then failed.
   */
  #writeFile(token: string, content: SerializedProfile, reuse: KeptProfile | undefined): FileOutcome {
    const file = this.#file(token);
    let tookOver = false;
    try {
      // a folder that cannot be made: no take-over, and writing anew reports why
      if (reuse !== undefined) tookOver = this.#hasFolder(dirname(file)) && renamed(this.#file(reuse.token), file);
      if (tookOver) {
        try {
          overwriteFile(file, content, reuse!.bytes);
        } catch {
          // a file already there: written over in place; should that fail, written anew
          writeFileSync(file, content.json);
        }
      } else {
        this.#writeNewFile(file, content.json);
      }
      return { tookOver };
    } catch (error) {
      return { tookOver, failure: { error } };
    }
  }

  /** Makes `folder` unless this process made or found it before. */
  #makeFolder(folder: string): void {
    if (this.#folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.#folders.add(folder);
  }

  /** Whether `folder` is there or could be made. */
  #hasFolder(folder: string): boolean {
    try {
      this.#makeFolder(folder);
      return true;
    } catch {
      return false;
    }
  }

  #writeNewFile(file: string, json: string): void {
    const folder = dirname(file);
    try {
      this.#makeFolder(folder);
      writeFileSync(file, json);
    } catch (error) {
      // the directory was removed behind this process's back (a cache clear): make it again
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#folders.clear();
      this.#makeFolder(folder);
      writeFileSync(file, json);
    }
  }

  /**
   * Adds the written profiles to those kept and removes what the bounds leave out; the
   * files `takenOver` are gone already. Profiles held in the file of one that goes (a
   * sub-request's in its parent's) go with it: they could not be read any more.
   */
  #applyBounds(profiles: readonly KeptProfile[], takenOver: ReadonlySet<string>): void {
    if (this.#kept === undefined) {
      // first write of this process: apply the bounds to what earlier runs left, index included
      this.#rewriteIndex(profiles);
      return;
    }
    const kept = this.#kept;
    const withHost: KeptProfile[] = [];
    for (const token of takenOver) {
      removeToken(kept, token);
      this.#removed.add(token);
      this.#dropHeld(token, withHost);
    }
    for (const profile of profiles) {
      insertByTime(kept, profile);
      if (profile.host !== undefined) this.#hold(profile);
    }
    const gone: KeptProfile[] = [];
    const leave = (profile: KeptProfile): void => {
      gone.push(profile);
      if (profile.host === undefined) this.#dropHeld(profile.token, withHost);
      else removeHeld(this.#held, profile);
    };
    while (kept.length > this.#maxProfiles) leave(kept.shift()!);
    while (kept.length > 0 && this.#expired(kept[0]!.time)) leave(kept.shift()!);
    this.#stale += takenOver.size + gone.length + withHost.length;
    if (takenOver.size + gone.length + withHost.length === 0) return;
    for (const profile of gone) {
      // a profile held in another's file has none of its own
      if (profile.host === undefined) removeFile(this.#file(profile.token));
      this.#removed.add(profile.token);
    }
    for (const profile of withHost) this.#removed.add(profile.token);
    // Held profiles are no newer than their host (a sub-request's response is ready
    // first), so they leave before it or with it, older than any kept profile. One that
    // left with its host while newer than a kept one would be listed by `find` among the
    // newest until the index is rewritten: rewritten now.
    const listedButGone = withHost.some((profile) => kept.length > 0 && profile.time > kept[0]!.time);
    if (listedButGone || this.#stale >= Math.max(1, Math.ceil(this.#maxProfiles / 10))) this.#rewriteIndex();
  }

  /** Remembers that `profile` is held in its host's file. */
  #hold(profile: KeptProfile): void {
    const held = this.#held.get(profile.host!);
    if (held === undefined) this.#held.set(profile.host!, [profile.token]);
    else held.push(profile.token);
  }

  /** Removes from those kept the profiles held in the file of `host`, which is gone, into `into`. */
  #dropHeld(host: string, into: KeptProfile[]): void {
    const held = this.#held.get(host);
    if (held === undefined) return;
    this.#held.delete(host);
    for (const token of held) {
      const profile = removeToken(this.#kept!, token);
      if (profile !== undefined) into.push(profile);
    }
  }

  /** An index line (without its newline), remembered for the next rewrite. */
  #line(summary: ProfileSummary): string {
    const line = JSON.stringify(summary);
    this.#lines.push({ line, summary });
    return line;
  }

  /**
   * Rewrites the index with the profiles within bounds (whoever wrote them) and removes
   * the others' files. The index is written over in place and cut to its new length, as a
   * profile's file taken over is: replacing it by renaming a new file over it made the
   * file system write the new file out at once (ext4 does so for a rename over a file,
   * so that a crash leaves the old or the new one), which cost a debug app more than all
   * its other index writes together. A crash in the middle leaves lines of the old index
   * after those of the new one: `parseIndex` keeps one line per profile.
   */
  #rewriteIndex(written: readonly KeptProfile[] = []): void {
    const all = parseIndexLines(this.#readIndexLines(), this.#lines);
    // a profile this process removed is gone, however new (one held in the file of an older one)
    const fresh = all.filter(({ summary }) => !this.#expired(summary.time) && !this.#removed.has(summary.token));
    fresh.sort((a, b) => a.summary.time - b.summary.time);
    // what this process wrote keeps its known size and the file holding it; the others' are unknown
    const known = new Map([...(this.#kept ?? []), ...written].map((profile) => [profile.token, profile]));
    let kept = fresh.slice(Math.max(0, fresh.length - this.#maxProfiles));
    // a profile held in the file of one left out goes with it
    const keptTokens = new Set(kept.map(({ summary }) => summary.token));
    if (kept.some(({ summary }) => !hostKept(known.get(summary.token), keptTokens))) {
      kept = kept.filter(({ summary }) => hostKept(known.get(summary.token), keptTokens));
      keptTokens.clear();
      for (const { summary } of kept) keptTokens.add(summary.token);
    }
    if (kept.length < all.length) {
      const bytes = this.#scratch.put(kept.map(({ line }) => line));
      try {
        overwriteFileWith(this.#index, this.#scratch.bytes, bytes);
      } catch {
        // the index was removed behind this process's back (a cache clear): written anew
        writeFileSync(this.#index, this.#scratch.bytes.subarray(0, bytes));
      }
      // the files of profiles this process removed itself are known to be gone
      const dropped = all.filter(({ summary }) => !keptTokens.has(summary.token) && !this.#removed.has(summary.token));
      for (const { summary } of dropped) if (known.get(summary.token)?.host === undefined) removeFile(this.#file(summary.token));
    }
    // the lines in the order the index now has them: the kept ones when it was rewritten
    this.#lines = kept.length < all.length ? kept : all;
    this.#kept = kept.map(({ summary }) => known.get(summary.token) ?? { token: summary.token, time: summary.time });
    for (const profile of written) if (profile.host !== undefined && keptTokens.has(profile.token)) this.#hold(profile);
    // the held profiles of hosts left out went with them
    if (this.#held.size > 0) for (const { summary } of all) if (!keptTokens.has(summary.token)) this.#held.delete(summary.token);
    this.#stale = 0;
    this.#removed.clear();
  }

  /**
   * The index's lines, read into the buffer this process keeps for it rather than into
   * a string of the whole index: a string (or Buffer) that large is given memory of its
   * own, fresh pages the system must fault in and zero, which cost more than reading
   * and parsing the index. Empty when there is no index yet (or it cannot be read).
   */
  #readIndexLines(): string[] {
    let length: number;
    try {
      length = this.#scratch.read(this.#index);
    } catch {
      return [];
    }
    return this.#scratch.lines(length);
  }

  #file(token: string): string {
    return join(this.dir, token.slice(-2).toLowerCase(), `${token}.json`);
  }

  #expired(time: number): boolean {
    return this.#now() - time > this.#maxAge;
  }
}

/** The index's text; empty when there is none yet (or it cannot be read). */
async function readIndexText(index: string): Promise<string> {
  try {
    return await readFile(index, 'utf8');
  } catch {
    return '';
  }
}

function parseIndex(text: string): ProfileSummary[] {
  return parseIndexLines(text.split('\n')).map(({ summary }) => summary);
}

/**
 * The index's lines with their summaries (those of `known` lines not parsed again), one
 * per profile: the first, should a rewrite cut short by a crash have left a profile's
 * line twice.
 *
 * `known` is in the order the index has its lines, unless another process rewrote it: each
 * line is first compared with the next known one, which stops at the first character that
 * differs, and looked up among all of them only when that is not it (a line another
 * process added). Looking every line up made each rewrite hash the whole index through.
 */
function parseIndexLines(indexLines: readonly string[], known: readonly IndexLine[] = []): IndexLine[] {
  const lines: IndexLine[] = [];
  const tokens = new Set<string>();
  let next = 0;
  let byLine: Map<string, IndexLine> | undefined;
  for (const line of indexLines) {
    if (line === '') continue;
    // A known line is kept as it was, not as just read: the lines kept live until the
    // next rewrite, and the copies just read can then die young.
    let entry: IndexLine | undefined;
    if (next < known.length && known[next]!.line === line) {
      entry = known[next++]!;
    } else if (known.length > 0) {
      byLine ??= new Map(known.map((each) => [each.line, each]));
      entry = byLine.get(line);
    }
    if (entry === undefined) {
      let summary: ProfileSummary;
      try {
        summary = JSON.parse(line) as ProfileSummary;
      } catch {
        // a line cut short by a crash mid-append: the profile is lost, the others are not
        continue;
      }
      if (typeof summary !== 'object' || summary === null) continue;
      entry = { line, summary };
    }
    if (tokens.has(entry.summary.token)) continue;
    tokens.add(entry.summary.token);
    lines.push(entry);
  }
  return lines;
}

interface IndexLine {
  readonly line: string;
  readonly summary: ProfileSummary;
}

/** Forgets that `profile`, which left on its own, is held in its host's file. */
function removeHeld(held: Map<string, string[]>, profile: KeptProfile): void {
  const tokens = held.get(profile.host!);
  if (tokens === undefined) return;
  const at = tokens.indexOf(profile.token);
  if (at !== -1) tokens.splice(at, 1);
  if (tokens.length === 0) held.delete(profile.host!);
}

/** Taken-over profiles were the oldest: found at the front (held ones next to their host). */
function removeToken(list: KeptProfile[], token: string): KeptProfile | undefined {
  const at = list.findIndex((entry) => entry.token === token);
  return at === -1 ? undefined : list.splice(at, 1)[0];
}

/** Inserts keeping the list ordered by time; a new profile is almost always the newest. */
function insertByTime(list: KeptProfile[], entry: KeptProfile): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.time > entry.time) at--;
  list.splice(at, 0, entry);
}

interface FileOutcome {
  /** The outgoing profile's file was renamed to this profile's. */
  readonly tookOver: boolean;
  readonly failure?: { readonly error: unknown };
}

interface PendingWrite {
  readonly profile: ProfileData;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The profile `token` among a file's lines (one profile per line: JSON has no newline of
 * its own). A line cut short or half overwritten by a crash (or read while being written)
 * reads as no profile, and so does a file taken over by a newer profile whose content
 * was not written yet.
 */
function profileIn(text: string, token: string): ProfileData | undefined {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let data: ProfileData | undefined;
    try {
      data = JSON.parse(text.slice(start, end)) as ProfileData;
    } catch {
      data = undefined;
    }
    if (data?.token === token) return data;
    start = end + 1;
  }
  return undefined;
}

/** The parent of `token` as the index lists it; undefined when it has none or is not listed. */
function parentIn(index: string, token: string): string | undefined {
  const key = `"token":${JSON.stringify(token)}`;
  for (let at = index.indexOf(key); at !== -1; at = index.indexOf(key, at + key.length)) {
    const start = index.lastIndexOf('\n', at) + 1;
    let end = index.indexOf('\n', at);
    if (end === -1) end = index.length;
    try {
      const summary = JSON.parse(index.slice(start, end)) as ProfileSummary;
      if (summary?.token === token) return typeof summary.parent === 'string' ? summary.parent : undefined;
    } catch {
      // a line cut short by a crash: look further
    }
  }
  return undefined;
}

/** Whether the file holding a profile is kept: its own always is; unknown means its own. */
function hostKept(profile: KeptProfile | undefined, kept: ReadonlySet<string>): boolean {
  return profile?.host === undefined || kept.has(profile.host);
}

/**
 * The files a batch writes: each serialized profile in the file of its furthest ancestor
 * in the batch that was serialized (a sub-request's error page in its main request's
 * file), or in its own. `members` are indexes into the batch, the file's owner first,
 * then in batch order.
 */
function fileGroups(profiles: readonly ProfileData[], contents: readonly (SerializedProfile | SerializationFailure)[]): Array<{ members: number[] }> {
  const byToken = new Map<string, number>();
  profiles.forEach((profile, i) => {
    if (isSerialized(contents[i]!) && !byToken.has(profile.token)) byToken.set(profile.token, i);
  });
  const owner = (i: number): number => {
    let at = i;
    // a cycle of parents (a malformed profile) stops at the batch's size
    for (let steps = 0; steps < profiles.length; steps++) {
      const parent = profiles[at]!.parent;
      const up = parent === null ? undefined : byToken.get(parent);
      if (up === undefined || up === i) break;
      at = up;
    }
    return at;
  };
  const files = new Map<number, number[]>();
  profiles.forEach((profile, i) => {
    if (!isSerialized(contents[i]!)) return;
    // the same token twice in a batch: the later one in a file of its own, written over the first
    const first = byToken.get(profile.token) === i ? owner(i) : i;
    const members = files.get(first);
    if (members === undefined) files.set(first, [i]);
    else members.push(i);
  });
  // the owner first: a reader of the owner's profile parses the first line only
  return [...files].map(([first, members]) => ({ members: members[0] === first ? members : [first, ...members.filter((i) => i !== first)] }));
}

/** Profiles one per line, as a file holds them. */
function joinLines(contents: readonly SerializedProfile[]): SerializedProfile {
  if (contents.length === 1) return contents[0]!;
  return { json: contents.map((content) => content.json).join('\n'), bytes: contents.reduce((sum, content) => sum + content.bytes, contents.length - 1) };
}
