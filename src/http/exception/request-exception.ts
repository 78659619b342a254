/**
 * A request the framework refuses because the client sent something wrong (a forged
 * Host, conflicting forwarded headers, a malformed path). The kernel answers these with
 * a 400 Bad Request, keeping this error as the cause.
 */
export class RequestException extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
