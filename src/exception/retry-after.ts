/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterHeader(retryAfter: number | Date | undefined): Record<string, string> {
  if (retryAfter === undefined) return {};
  return { 'Retry-After': retryAfter instanceof Date ? retryAfter.toUTCString() : String(Math.max(0, Math.ceil(retryAfter))) };
}
