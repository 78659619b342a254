import { isDeepStrictEqual } from 'node:util';
import type { LlhttpOutcome, ParsedMessage } from './llhttp.ts';
import type { SluiceMessage, SluiceOutcome } from './sluice-parser.ts';

/**
 * Compares the Sluice server's reading of some bytes with llhttp's. Where llhttp refuses,
 * ours must not have handed the application anything llhttp did not read; where both
 * read a message, they must read the same one (method, target, version, headers,
 * keep-alive, body). Where ours refuses what llhttp accepts, that is allowed only for
 * the reasons below, each one a rule the parser's code states (request-head.ts,
 * chunked-decoder.ts); anything else is a disagreement.
 */

/** An absolute-form target, which the Sluice server turns into its path (its Host from the authority when none is given). */
const absoluteForm = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/([^/?#@]+)([^#]*)$/;

/** The methods llhttp reads as HTTP that ours refuses, with why. */
function stricterReason(message: ParsedMessage, bytes: Buffer): string | undefined {
  const fields = pairs(message.rawHeaders);
  const named = (name: string): string[] => fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value);
  if (message.method === 'CONNECT') return 'CONNECT: this server opens no tunnels (501)';
  // llhttp reads `RTSP/1.0` and `ICE/1.0` request lines as HTTP/1.0 ones (its version field says 1.0)
  if (/ (?:RTSP|ICE)\/\d\.\d\r?\n/.test(bytes.toString('latin1'))) return 'RTSP/1.0 or ICE/1.0: other protocols than HTTP (400)';
  if (message.version !== '1.0' && message.version !== '1.1') return `HTTP/${message.version}: only HTTP/1.0 and 1.1 are served (505)`;
  const codings = named('transfer-encoding');
  if (codings.length > 0) {
    if (message.version === '1.0') return 'Transfer-Encoding in HTTP/1.0 (RFC 9112 §6.1: a server may treat it as faulty)';
    const list = codings.join(',').split(',').map((coding) => coding.trim().toLowerCase());
    if (list.length !== 1 || list[0] !== 'chunked') return `Transfer-Encoding "${codings.join(', ')}": codings other than chunked are not implemented (501)`;
  }
  const hosts = named('host');
  if (message.version === '1.1' && hosts.length === 0) return 'no Host in HTTP/1.1 (RFC 9112 §3.2 says 400, absolute-form or not; node:http refuses it too)';
  if (hosts.length > 1) return 'Host repeated: a proxy in front may route by the other one';
  const absolute = absoluteForm.exec(message.url);
  if (absolute !== null && hosts.length === 1 && hosts[0]!.toLowerCase() !== absolute[1]!.toLowerCase()) return 'Host differs from the absolute-form target\'s authority';
  if (absolute === null && message.url !== '*' && !message.url.startsWith('/')) return `target "${message.url}" is neither origin-form nor absolute-form`;
  if (message.url === '*' && message.method !== 'OPTIONS') return 'target * is for OPTIONS only';
  const expect = named('expect');
  if (message.version === '1.1' && expect.length > 0 && expect[expect.length - 1]!.toLowerCase() !== '100-continue') return 'an expectation other than 100-continue cannot be met (417)';
  // llhttp of Node 20 refuses a tab after these values, that of Node 22 and 24 takes it:
  // ours refuses it, as a proxy on the stricter one would (node trims the value it shows)
  if (/(?:^|\n)(?:content-length|transfer-encoding):[^\r\n]*\t[\t ]*\r\n/im.test(bytes.toString('latin1'))) return 'a tab after Content-Length or Transfer-Encoding (llhttp of Node 20 refuses it)';
  const length = named('content-length')[0];
  if (length !== undefined && Number(length.trim()) > Number.MAX_SAFE_INTEGER) return 'Content-Length past 2^53 (413)';
  const trailers = pairs(message.rawTrailers).map(([name]) => name.toLowerCase());
  if (trailers.some((name) => name === 'content-length' || name === 'transfer-encoding' || name === 'host')) return 'a trailer that would change framing or routing if merged';
  return undefined;
}

function saysClose(message: ParsedMessage): boolean {
  return pairs(message.rawHeaders).some(([name, value]) => name.toLowerCase() === 'connection' && value.split(',').some((option) => option.trim().toLowerCase() === 'close'));
}

function pairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** What ours makes of a message llhttp read: the target's path and Host from an absolute-form target. */
function expected(message: ParsedMessage, withBody: boolean): SluiceMessage {
  let url = message.url;
  let headers = message.headers;
  const absolute = absoluteForm.exec(url);
  if (absolute !== null) {
    const path = absolute[2]!;
    url = path === '' || path.startsWith('?') ? `/${path}` : path;
    if (headers['host'] === undefined) headers = { ...headers, host: absolute[1]! };
  }
  return { method: message.method, url, version: message.version, headers, keepAlive: message.keepAlive, body: withBody ? message.body : Buffer.alloc(0) };
}

function comparable(message: SluiceMessage, withBody: boolean): unknown {
  return {
    method: message.method,
    url: message.url,
    version: message.version,
    headers: Object.entries(message.headers).sort(([a], [b]) => (a < b ? -1 : 1)),
    keepAlive: message.keepAlive,
    body: withBody ? message.body.toString('latin1') : '',
  };
}

function same(ours: SluiceMessage, theirs: ParsedMessage, withBody: boolean): boolean {
  return isDeepStrictEqual(comparable(ours, withBody), comparable(expected(theirs, withBody), withBody));
}

export interface Verdict {
  /** A disagreement to fix, described; undefined when the two agree. */
  disagreement?: string;
  /** Ours refused what llhttp accepted, for this stated reason. */
  stricter?: string;
}

/** `bytes`: what both read, for what the messages do not show (the request line's protocol). */
export function compareOutcomes(ours: SluiceOutcome, theirs: LlhttpOutcome, bytes: Buffer): Verdict {
  const common = Math.min(ours.messages.length, theirs.messages.length);
  for (let i = 0; i < common; i++) {
    const message = theirs.messages[i]!;
    if (!ours.messages[i]!.keepAlive && message.keepAlive && saysClose(message) && same(ours.messages[i]!, { ...message, keepAlive: false }, true)) {
      // llhttp keeps an HTTP/1.0 connection open when its Connection field says both
      return { stricter: 'Connection says close (and keep-alive): RFC 9112 §9.6, the connection closes after the response' };
    }
    if (!same(ours.messages[i]!, message, true)) {
      return { disagreement: `message ${i + 1} read differently:\n  ours   ${JSON.stringify(comparable(ours.messages[i]!, true))}\n  llhttp ${JSON.stringify(comparable(expected(theirs.messages[i]!, true), true))}` };
    }
  }
  if (ours.messages.length > theirs.messages.length) {
    const extra = ours.messages[common]!;
    return { disagreement: `ours read message ${common + 1} (${extra.method} ${extra.url}) that llhttp ${theirs.error === undefined ? 'did not read to its end' : `refused (${theirs.error})`}` };
  }
  // every message ours read, llhttp read the same way; now what came after them
  const next = theirs.messages[common] ?? theirs.started;
  if (ours.messages.length < theirs.messages.length || (ours.refused !== undefined && next !== undefined)) {
    if (next !== undefined && next.upgrade) return { stricter: 'CONNECT or Upgrade: this server opens no tunnels' };
    if (ours.refused === undefined) return { disagreement: `ours stopped after ${common} message(s) without refusing; llhttp read ${theirs.messages.length}` };
    const reason = next === undefined ? undefined : stricterReason(next, bytes);
    if (reason !== undefined) return { stricter: reason };
    if (ours.messages.length < theirs.messages.length) return { disagreement: `ours refused message ${common + 1} with ${ours.refused}, llhttp read it: ${JSON.stringify(comparable(expected(next!, true), true))}` };
  }
  if (ours.started !== undefined) {
    // ours handed the application a head: llhttp must have read that head too
    if (theirs.started === undefined) return { disagreement: `ours began message ${common + 1} (${ours.started.method} ${ours.started.url}) whose head llhttp ${theirs.error === undefined ? 'did not finish' : `refused (${theirs.error})`}` };
    const closes = !ours.started.keepAlive && theirs.started.keepAlive && saysClose(theirs.started);
    if (!same(ours.started, closes ? { ...theirs.started, keepAlive: false } : theirs.started, false)) return { disagreement: `message ${common + 1}'s head read differently` };
  }
  if (ours.refused !== undefined && theirs.error === undefined) {
    if (theirs.started !== undefined) {
      const reason = stricterReason(theirs.started, bytes);
      if (reason !== undefined) return { stricter: reason };
      // llhttp says what a trailer is only once the body has ended
      if (/\n0+(?:;[^\r\n]*)?\r\n(?:[^\r\n]+\r\n)*(?:content-length|transfer-encoding|host):/i.test(bytes.toString('latin1'))) return { stricter: 'a trailer that would change framing or routing if merged' };
      return { disagreement: `ours refused the body of message ${common + 1} with ${ours.refused}; llhttp was still reading it` };
    }
    // llhttp holds a PRI request for the rest of the HTTP/2 preface, which it then refuses
    if (/PRI [^\r\n]* HTTP\//.test(bytes.toString('latin1'))) return { stricter: 'PRI: the HTTP/2 preface\'s method, not HTTP/1.1\'s (501)' };
    return { disagreement: `ours refused with ${ours.refused} where llhttp was waiting for more of message ${common + 1}'s head` };
  }
  return {};
}
