import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { forgetStoredHeaders, storeHeaders, type StoredHeaders } from './node-internals.ts';

/** A header name as node:http accepts it (RFC 9110 §5.6.2 token). */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Names already found to be tokens, each with its lowercase key: one lookup per header on
 * every response rather than a test and a lowercasing. Bounded, so odd names cannot grow it.
 */
const checkedNames = new Map<string, string>();

/**
 * The stored headers' object: no prototype to look names up on (as node's own), made by a
 * constructor so that responses with the same headers share its shape.
 */
const Stored = function () {} as unknown as new () => StoredHeaders;
Stored.prototype = Object.create(null) as object;

/**
 * node:http's response as the adapter writes it (the `ServerResponse` option of
 * createServer). `writeHead` with a header list checks the names and values itself, a name
 * once per process and a value by a scan for anything but HTAB and SP-~, and hands them
 * over as `setHeader` stores them, which node writes unchecked: node would test two
 * regular expressions on every header of every response. Whatever this check does not
 * pass at once (a latin1 or invalid value, a repeated name, a number) goes to node's own
 * `writeHead`, which accepts or refuses it as it always did.
 */
export class NodeResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, statusText?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if (typeof statusText !== 'string') {
      headers = statusText;
      statusText = undefined;
    }
    if (Array.isArray(headers) && !this.headersSent) {
      const stored = checkedHeaders(headers);
      if (stored !== undefined && storeHeaders(this, stored)) {
        try {
          return super.writeHead(statusCode, statusText);
        } catch (error) {
          // a status node refuses: the next writeHead (the bare 500) must not carry these headers
          forgetStoredHeaders(this);
          throw error;
        }
      }
    }
    return super.writeHead(statusCode, statusText, headers);
  }
}

/** `[name, value, ...]` as stored headers, or undefined for anything the quick check does not pass. */
function checkedHeaders(list: readonly unknown[]): StoredHeaders | undefined {
  if (list.length % 2 !== 0) return undefined;
  const stored = new Stored();
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (typeof name !== 'string') return undefined;
    const key = keyOf(name);
    if (key === undefined || stored[key] !== undefined) return undefined;
    if (typeof value === 'string') {
      if (!isPlainText(value)) return undefined;
    } else if (Array.isArray(value)) {
      for (const one of value as unknown[]) if (typeof one !== 'string' || !isPlainText(one)) return undefined;
    } else {
      return undefined;
    }
    stored[key] = [name, value as string | string[]];
  }
  return stored;
}

function keyOf(name: string): string | undefined {
  let key = checkedNames.get(name);
  if (key === undefined) {
    if (!tokenPattern.test(name)) return undefined;
    key = name.toLowerCase();
    if (checkedNames.size < 1024) checkedNames.set(name, key);
  }
  return key;
}

/** Whether a value has only HTAB and SP-~, the usual case: valid, and the same in latin1 as in UTF-8. */
function isPlainText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 0x7e || (code < 0x20 && code !== 0x09)) return false;
  }
  return true;
}
