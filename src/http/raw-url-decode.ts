import { MalformedUriException } from './exception/malformed-uri-exception.ts';

/**
 * Decodes percent-escapes of a path (`+` stays a plus, as in a path it is not a space).
 * A malformed escape or invalid UTF-8 is the client's error, reported as a
 * MalformedUriException (a 400), never a URIError that would crash the handling.
 */
export function rawUrlDecode(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    throw new MalformedUriException(`The path "${path}" holds a malformed percent-encoding.`);
  }
}
