import { randomFillSync } from 'node:crypto';
import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { DataCollector, ProfiledRequest } from './data-collector/data-collector.ts';
import { Profile } from './profile.ts';
import type { ProfileSearch, ProfileSummary, ProfilerStorage } from './profiler-storage.ts';

interface WarningSink {
  warning(message: string, context?: Record<string, unknown>): void;
}

/**
 * Collects a profile of a request from every data collector and keeps it in a storage.
 * A failing collector never fails the request: its data becomes `{ error }` and a
 * warning is logged.
 */
export class Profiler {
  readonly storage: ProfilerStorage;
  readonly #logger: WarningSink | undefined;
  readonly #collectors = new Map<string, DataCollector>();
  /** Profiles collected but not saved yet, by token, oldest first: a page asking for one waits for it. */
  readonly #unsaved = new Map<string, UnsavedProfile>();
  #enabled = true;

  constructor(storage: ProfilerStorage, logger?: WarningSink) {
    this.storage = storage;
    this.#logger = logger;
  }

  add(collector: DataCollector): this {
    this.#collectors.set(collector.name, collector);
    return this;
  }

  get collectors(): readonly DataCollector[] {
    return [...this.#collectors.values()];
  }

  get(name: string): DataCollector | undefined {
    return this.#collectors.get(name);
  }

  enable(): void {
    this.#enabled = true;
  }

  /** Stops profiling (for a request that must not be profiled, or a benchmark run). */
  disable(): void {
    this.#enabled = false;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /**
   * A new profile of the request, with every collector's first data, its token in the
   * response's `X-Debug-Token`; undefined when disabled.
   */
  collect(request: Request, response: Response, exception?: Error, isMain = true): Profile | undefined {
    if (!this.#enabled) return undefined;
    const profile = new Profile(newToken());
    profile.time = Date.now();
    profile.method = request.method;
    // A request whose Host or proxy headers are invalid is profiled too: its 400 page is.
    profile.url = attempt(() => request.getUri(), request.rawPath);
    profile.ip = attempt(() => request.clientIp, request.remoteAddress);
    profile.statusCode = response.statusCode;
    // Before the collectors run, so they see the token (a redirect passes it on). A main
    // request answering with its error sub-request's Response finds that profile's token.
    const previous = response.headers.get('X-Debug-Token');
    if (previous !== undefined) response.headers.set('X-Previous-Debug-Token', previous);
    response.headers.set('X-Debug-Token', profile.token);
    this.#expectSave(profile.token);
    const context = { request, response, exception, profile, isMain };
    for (const collector of this.#collectors.values()) {
      profile.collectors.set(collector.name, this.#guard(collector, 'collect', () => collector.collect(context)));
    }
    return profile;
  }

  /**
   * Completes a profile once the response was sent. `tree` is the main request and its
   * sub-requests for a main profile, the request alone for a sub-request's.
   */
  async lateCollect(profiled: ProfiledRequest, tree: readonly ProfiledRequest[], isMain: boolean): Promise<void> {
    const { profile } = profiled;
    const context = { ...profiled, tree, isMain };
    for (const collector of this.#collectors.values()) {
      if (collector.lateCollect === undefined) continue;
      let data = this.#guard(collector, 'lateCollect', () => collector.lateCollect!(context, profile.collectors.get(collector.name)));
      if (isThenable(data)) data = await data.then((value) => value, (error: unknown) => this.#failed(collector, 'lateCollect', error));
      profile.collectors.set(collector.name, data);
    }
  }

  /** Writes the profile; false (and a warning) when the storage failed. */
  async saveProfile(profile: Profile): Promise<boolean> {
    try {
      await this.storage.write(profile.toJSON());
      return true;
    } catch (error) {
      this.#logger?.warning('Unable to store the profiler information.', { token: profile.token, exception: error });
      return false;
    } finally {
      this.#unsaved.get(profile.token)?.settle();
    }
  }

  /**
   * The stored profile. One collected by this process and not saved yet (the browser
   * follows the toolbar's link while kernel.terminate still runs) is waited for.
   */
  async loadProfile(token: string): Promise<Profile | undefined> {
    const unsaved = this.#unsaved.get(token);
    if (unsaved !== undefined) await untilSavedOrDeadline(unsaved);
    const data = await this.storage.read(token);
    return data === undefined ? undefined : this.#expand(Profile.fromJSON(data), data.collectors);
  }

  /**
   * A copy of a profile this process completed (kernel.terminate ran), with each
   * collector's data as a stored profile reads (see DataCollector#expand): what a test
   * client shows of its last request.
   */
  expand(profile: Profile): Profile {
    return this.#expand(Profile.fromJSON(profile.toJSON()), Object.fromEntries(profile.collectors));
  }

  #expand(profile: Profile, stored: Readonly<Record<string, unknown>>): Profile {
    for (const collector of this.#collectors.values()) {
      if (collector.expand === undefined || !profile.hasCollector(collector.name)) continue;
      const data = profile.collectors.get(collector.name);
      profile.collectors.set(collector.name, this.#guard(collector, 'expand', () => collector.expand!(data, stored)));
    }
    return profile;
  }

  find(search: ProfileSearch = {}): Promise<ProfileSummary[]> {
    return this.storage.find(search);
  }

  /**
   * Saving is expected within `maxWaitMs`; a profile never saved (no kernel.terminate)
   * stops being waited for then. Those past their time are forgotten as new ones come:
   * a timer per profile, two per debug 404, cost more than the rest of this bookkeeping.
   */
  #expectSave(token: string, maxWaitMs = 10_000): void {
    const now = Date.now();
    for (const [, unsaved] of this.#unsaved) {
      if (unsaved.deadline > now) break;
      unsaved.settle();
    }
    let settle!: () => void;
    const saved = new Promise<void>((resolve) => {
      settle = () => {
        this.#unsaved.delete(token);
        resolve();
      };
    });
    this.#unsaved.set(token, { saved, settle, deadline: now + maxWaitMs });
  }

  #guard(collector: DataCollector, step: string, run: () => unknown): unknown {
    try {
      return run();
    } catch (error) {
      return this.#failed(collector, step, error);
    }
  }

  #failed(collector: DataCollector, step: string, error: unknown): unknown {
    this.#logger?.warning('The "{collector}" data collector failed to {step}: {reason}', { collector: collector.name, step, reason: String(error), exception: error });
    return { error: String(error) };
  }
}

interface UnsavedProfile {
  readonly saved: Promise<void>;
  readonly settle: () => void;
  /** Epoch milliseconds after which it is not waited for. */
  readonly deadline: number;
}

/** Waits for the profile to be saved, at most until its deadline. */
async function untilSavedOrDeadline(unsaved: UnsavedProfile): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, unsaved.deadline - Date.now()));
    timer.unref();
  });
  await Promise.race([unsaved.saved, deadline]);
  clearTimeout(timer);
}

/**
 * Random bytes for tokens, drawn in bulk: three at a time, each draw asked the system's
 * random source anew, for two profiles per request of a 404 (its error page's too).
 */
const tokenBytes = Buffer.alloc(3 * 256);
let tokenOffset = tokenBytes.length;

/** Six random hex digits. */
function newToken(): string {
  if (tokenOffset === tokenBytes.length) {
    randomFillSync(tokenBytes);
    tokenOffset = 0;
  }
  const token = tokenBytes.toString('hex', tokenOffset, tokenOffset + 3);
  tokenOffset += 3;
  return token;
}

function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
