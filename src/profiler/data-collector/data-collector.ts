import type { Request } from '../../http/request.ts';
import type { Response } from '../../http/response.ts';
import type { Profile } from '../profile.ts';

/** What a collector sees while the response is being finished (kernel.response). */
export interface CollectContext {
  readonly request: Request;
  readonly response: Response;
  /** The error the request's kernel.exception handled, if any. */
  readonly exception: Error | undefined;
  readonly profile: Profile;
  readonly isMain: boolean;
}

/** A request of a profile's tree, for late collection. */
export interface ProfiledRequest {
  readonly request: Request;
  readonly profile: Profile;
}

/** What a collector sees once the response was sent (kernel.terminate). */
export interface LateCollectContext extends ProfiledRequest {
  /** The main request's profile covers its sub-requests too: the main request first, then each sub-request. */
  readonly tree: readonly ProfiledRequest[];
  readonly isMain: boolean;
}

/**
 * One concern of a profile (request, routing, events, logs...). Collectors are shared by
 * concurrent requests, so they return data instead of keeping it; what they learn during
 * a request (from their own listeners) they keep per request in a WeakMap.
 *
 * `collect` runs at kernel.response, for the toolbar; `lateCollect`, when present, runs
 * after the response was sent and replaces the data with its complete version (it may
 * return a promise: nobody waits for it but the profile). Data must be plain JSON:
 * storages keep it as such.
 */
export interface DataCollector {
  readonly name: string;
  collect(context: CollectContext): unknown;
  lateCollect?(context: LateCollectContext, collected: unknown): unknown;
  /**
   * Completes data a profile stored in a shorter form, when the stored profile is read (a
   * panel opened, its JSON asked for): work nobody may look at is not done per request.
   * `collectors` is every collector's data as the profile keeps it, before expanding: a
   * collector may point into another's rather than keep the same values twice.
   */
  expand?(stored: unknown, collectors: Readonly<Record<string, unknown>>): unknown;
}
