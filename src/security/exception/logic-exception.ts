/** The application is wired wrongly (a feature used without what it needs); the message names the fix. */
export class LogicException extends Error {
  override name = 'LogicException';
}
