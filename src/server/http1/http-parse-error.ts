/** A request the server cannot accept; `statusCode` is what the client is answered before the connection closes. */
export class HttpParseError extends Error {
  override readonly name = 'HttpParseError';
  constructor(readonly statusCode: 400 | 413 | 414 | 417 | 431 | 501 | 505, message: string) {
    super(message);
  }
}
