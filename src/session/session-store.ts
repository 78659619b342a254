/**
 * Where sessions live between requests. Data is the session's serialized form, opaque to
 * the store; every write restarts the session's time to live, so an idle session expires
 * `ttlMs` after its last write. Implementations: memory (one process), file (survives a
 * restart), Redis (shared by several processes). Each runs `session-store.contract.ts`.
 */
export interface SessionStore {
  /** The data of a live session, or undefined when the id is unknown or expired. */
  read(id: string): Promise<string | undefined>;
  write(id: string, data: string, ttlMs: number): Promise<void>;
  /** Forgets a session; an unknown id is no error. */
  destroy(id: string): Promise<void>;
  /** Removes expired sessions, for stores that do not expire them by themselves; resolves with how many. */
  gc?(): Promise<number>;
  /** Releases connections and timers (kernel shutdown). */
  close?(): Promise<void>;
}
