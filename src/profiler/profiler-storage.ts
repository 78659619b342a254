import type { ProfileData } from './profile.ts';

/** The line of a profile in search results. */
export interface ProfileSummary {
  readonly token: string;
  readonly parent: string | null;
  readonly ip: string;
  readonly method: string;
  readonly url: string;
  readonly time: number;
  readonly statusCode: number;
}

/** Search criteria; every one is optional and they all must hold. */
export interface ProfileSearch {
  /** Part of the client IP. */
  readonly ip?: string;
  /** Part of the URL. */
  readonly url?: string;
  /** The exact method (any case). */
  readonly method?: string;
  readonly statusCode?: number;
  /** Epoch milliseconds, inclusive. */
  readonly start?: number;
  readonly end?: number;
  /** 50 by default. */
  readonly limit?: number;
  /** Sub-request profiles are left out unless this is true; their parent links to them. */
  readonly includeSubRequests?: boolean;
}

/**
 * Where profiles are kept. Every implementation bounds what it keeps (by count and age)
 * and passes `profiler-storage.contract.test.ts`.
 */
export interface ProfilerStorage {
  write(profile: ProfileData): Promise<void>;
  /** The profile, or undefined when unknown or expired. */
  read(token: string): Promise<ProfileData | undefined>;
  /** Matching profiles, newest first. */
  find(search?: ProfileSearch): Promise<ProfileSummary[]>;
  /** Forgets every profile. */
  purge(): Promise<void>;
}

export function summaryOf(profile: ProfileData): ProfileSummary {
  const { token, parent, ip, method, url, time, statusCode } = profile;
  return { token, parent, ip, method, url, time, statusCode };
}

/** Whether a summary meets the criteria (storages that cannot query by field filter with it). */
export function matchesSearch(summary: ProfileSummary, search: ProfileSearch): boolean {
  if (summary.parent !== null && search.includeSubRequests !== true) return false;
  if (search.ip !== undefined && search.ip !== '' && !summary.ip.includes(search.ip)) return false;
  if (search.url !== undefined && search.url !== '' && !summary.url.includes(search.url)) return false;
  if (search.method !== undefined && search.method !== '' && summary.method !== search.method.toUpperCase()) return false;
  if (search.statusCode !== undefined && summary.statusCode !== search.statusCode) return false;
  if (search.start !== undefined && summary.time < search.start) return false;
  if (search.end !== undefined && summary.time > search.end) return false;
  return true;
}

/** Tokens are short hex strings; anything else never reaches a file name or a key. */
export function isValidToken(token: string): boolean {
  return /^[A-Za-z0-9]{1,64}$/.test(token);
}
