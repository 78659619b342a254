/**
 * The place of the current user among a controller's arguments, until it is known.
 *
 * Argument resolution is synchronous, while finding the user may read a session store or
 * a database; and no listener may be added to kernel.controller_arguments for it. So
 * UserValueResolver leaves this marker, and IsGrantedListener (already on that event,
 * already asking security) puts the user in its place before the controller runs.
 */
export class PendingUser {
  readonly argumentName: string;
  /** A nullable argument (or one with a default) gets null for an anonymous client; others make it log in. */
  readonly optional: boolean;

  constructor(argumentName: string, optional: boolean) {
    this.argumentName = argumentName;
    this.optional = optional;
  }
}
