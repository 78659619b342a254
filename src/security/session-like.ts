/**
 * What security needs of a session. Declared here rather than imported, so security
 * works with any session that has these five members: the session component's
 * `request.session`, or a plain in-memory object in tests. Any of them may return a
 * promise (the session component's load from their store on first use); results are
 * always awaited.
 */
export interface SessionLike {
  /** The value, or a promise of it. */
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  /** Removes the value and gives it (or a promise of it). */
  remove(key: string): unknown;
  /** Gives the session a new id and keeps its data; `destroy` drops the stored copy under the old id. */
  migrate(destroy?: boolean): unknown;
  /** Clears the data and gives the session a new id. */
  invalidate(): unknown;
}

/** The request's session when it has one that fits SessionLike. */
export function sessionOf(request: { session: unknown }): SessionLike | undefined {
  const session = request.session as Partial<SessionLike> | null | undefined;
  if (session === undefined || session === null) return undefined;
  const fits = typeof session.get === 'function' && typeof session.set === 'function' && typeof session.remove === 'function';
  return fits && typeof session.migrate === 'function' && typeof session.invalidate === 'function' ? (session as SessionLike) : undefined;
}
