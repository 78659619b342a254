import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient } from '../support/redis-client.ts';
import type { ProfileData } from './profile.ts';
import { isValidToken, matchesSearch, summaryOf, type ProfileSearch, type ProfileSummary, type ProfilerStorage } from './profiler-storage.ts';

export interface RedisProfilerStorageOptions {
  /** Prefix of every key, so several applications can share one server. `sluice:profiler:` by default. */
  readonly prefix?: string;
  /** Profiles kept at most; the oldest go first. 1000 by default. */
  readonly maxProfiles?: number;
  /** Profiles older than this are forgotten, in ms. Two days by default. */
  readonly maxAge?: number;
  readonly now?: () => number;
}

/**
 * Profiles in Redis, for applications running as several instances: a profile collected
 * by one instance opens from any other. Each profile is a key that expires after `maxAge`;
 * a sorted set (by time) and a hash of summaries make the index searched by `find`.
 */
export class RedisProfilerStorage implements ProfilerStorage {
  readonly #redis: Redis;
  readonly #ownsClient: boolean;
  readonly #prefix: string;
  readonly #maxProfiles: number;
  readonly #maxAge: number;
  readonly #now: () => number;

  /** `redis` is a client, or a URL (`redis://127.0.0.1:6379/0`) for a client this storage owns. */
  constructor(redis: Redis | string, options: RedisProfilerStorageOptions = {}) {
    this.#ownsClient = typeof redis === 'string';
    // Profiles are saved after the response (kernel.terminate) and can be large: a slow write
    // delays nobody, so it gets more time than a request's commands; an error event is heard.
    this.#redis = typeof redis === 'string' ? createRedisClient(redis, { commandTimeout: 5000 }) : redis;
    this.#prefix = options.prefix ?? 'sluice:profiler:';
    this.#maxProfiles = options.maxProfiles ?? 1000;
    this.#maxAge = options.maxAge ?? 2 * 24 * 3600 * 1000;
    this.#now = options.now ?? Date.now;
  }

  async write(profile: ProfileData): Promise<void> {
    if (!isValidToken(profile.token)) throw new Error(`Invalid profile token "${profile.token}".`);
    const ttl = Math.max(1, this.#maxAge - (this.#now() - profile.time));
    await this.#redis
      .multi()
      .set(this.#key(profile.token), JSON.stringify(profile), 'PX', ttl)
      .zadd(this.#indexKey, profile.time, profile.token)
      .hset(this.#summariesKey, profile.token, JSON.stringify(summaryOf(profile)))
      .exec();
    await this.#prune();
  }

  async read(token: string): Promise<ProfileData | undefined> {
    if (!isValidToken(token)) return undefined;
    const text = await this.#redis.get(this.#key(token));
    if (text === null) return undefined;
    const data = JSON.parse(text) as ProfileData;
    return this.#now() - data.time > this.#maxAge ? undefined : data;
  }

  async find(search: ProfileSearch = {}): Promise<ProfileSummary[]> {
    const oldest = Math.max(search.start ?? 0, this.#now() - this.#maxAge);
    const tokens = await this.#redis.zrevrangebyscore(this.#indexKey, search.end ?? '+inf', String(oldest));
    if (tokens.length === 0) return [];
    const texts = await this.#redis.hmget(this.#summariesKey, ...tokens);
    const limit = search.limit ?? 50;
    const found: ProfileSummary[] = [];
    for (const text of texts) {
      if (text === null) continue;
      const summary = JSON.parse(text) as ProfileSummary;
      if (matchesSearch(summary, search)) found.push(summary);
      if (found.length === limit) break;
    }
    return found;
  }

  async purge(): Promise<void> {
    const tokens = await this.#redis.zrange(this.#indexKey, '0', '-1');
    const keys = [this.#indexKey, this.#summariesKey, ...tokens.map((token) => this.#key(token))];
    for (let i = 0; i < keys.length; i += 500) await this.#redis.del(...keys.slice(i, i + 500));
  }

  /** Closes the connection when this storage opened it. */
  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedisClient(this.#redis);
  }

  /**
   * Drops what is too old or too many. Any instance may run it at any time: removing a
   * token twice is harmless.
   */
  async #prune(): Promise<void> {
    const expired = await this.#redis.zrangebyscore(this.#indexKey, '-inf', `(${this.#now() - this.#maxAge}`);
    const count = await this.#redis.zcard(this.#indexKey);
    const excess = count - expired.length - this.#maxProfiles;
    const overCount = excess > 0 ? await this.#redis.zrange(this.#indexKey, String(expired.length), String(expired.length + excess - 1)) : [];
    const gone = [...expired, ...overCount];
    if (gone.length === 0) return;
    await this.#redis
      .multi()
      .zrem(this.#indexKey, ...gone)
      .hdel(this.#summariesKey, ...gone)
      .del(...gone.map((token) => this.#key(token)))
      .exec();
  }

  get #indexKey(): string {
    return `${this.#prefix}index`;
  }

  get #summariesKey(): string {
    return `${this.#prefix}summaries`;
  }

  #key(token: string): string {
    return `${this.#prefix}profile:${token}`;
  }
}
