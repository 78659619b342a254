import { ErrorHandler } from './error-handler.ts';

/**
 * Reports that `pkg` deprecated something in `version`. With a registered ErrorHandler
 * the notice becomes a `User Deprecated: ...` log entry (channel php, INFO); without one
 * it is a Node DeprecationWarning, as any library's.
 */
export function triggerDeprecation(pkg: string, version: string, message: string): void {
  const handler = ErrorHandler.current;
  if (handler !== undefined) handler.handleDeprecation(message, pkg, version, triggerDeprecation);
  else process.emitWarning(message, { type: 'DeprecationWarning', code: `${pkg}@${version}` });
}
