/**
 * An access check refused (thrown by `@IsGranted`). Not an HTTP error by itself: the
 * security ExceptionListener on kernel.exception decides what the client gets, the entry
 * point (login redirect, 401 challenge) for a client not fully authenticated, a 403 for
 * a logged-in user.
 */
export class AccessDeniedException extends Error {
  override name = 'AccessDeniedException';
  /** The attributes that were checked (`ROLE_ADMIN`, ...). */
  readonly attributes: readonly string[];
  readonly subject: unknown;

  constructor(message = 'Access Denied.', attributes: readonly string[] = [], subject?: unknown) {
    super(message);
    this.attributes = attributes;
    this.subject = subject;
  }
}
