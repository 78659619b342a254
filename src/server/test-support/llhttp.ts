import { IncomingMessage, METHODS } from 'node:http';
import type { Socket } from 'node:net';
import { loadLlhttp, type LlhttpParser as Parser, type LlhttpParserClass as ParserClass } from './llhttp-binding.ts';

/**
 * llhttp, the parser node:http runs, driven in process for differential tests of the
 * Sluice parser: the same C++ binding, initialized as node:http's server initializes it
 * (request mode, node's default header size limit, no lenient flags: node turns them on
 * only with --insecure-http-parser), and its raw header list folded into an object as
 * IncomingMessage folds it.
 * Where this Node gives no parser (llhttp-binding.ts), `llhttpUnavailable` says why and
 * the tests skip with that.
 */

/** A message as llhttp read it, its headers as node:http shows them. */
export interface ParsedMessage {
  method: string;
  url: string;
  version: string;
  headers: Record<string, string | string[]>;
  /** The fields as sent: `[name, value, ...]`. */
  rawHeaders: string[];
  /** The trailer fields of a chunked body, as sent. */
  rawTrailers: string[];
  keepAlive: boolean;
  /** Set for CONNECT and `Upgrade` requests: llhttp stops reading HTTP after their head. */
  upgrade: boolean;
  body: Buffer;
}

export interface LlhttpOutcome {
  /** The messages read to their end, in order. */
  messages: ParsedMessage[];
  /** The head of a message whose body was still being read when the bytes ran out or failed. */
  started: ParsedMessage | undefined;
  /** llhttp's error code when it refused the bytes (`HPE_...`), undefined when it took them all. */
  error: string | undefined;
}


/**
 * llhttp names a method by its number in llhttp's own enumeration, which node maps
 * through a list `_http_common` does not export: the map is read off llhttp itself, by
 * parsing one request of each method node:http knows.
 */
function methodNames(parser: ParserClass): Map<number, string> {
  const names = new Map<number, string>();
  const probe = new parser();
  let seen = -1;
  probe[parser.kOnHeadersComplete] = (_major: number, _minor: number, _headers: unknown, method: number) => {
    seen = method;
    return 0;
  };
  for (const name of METHODS) {
    seen = -1;
    probe.initialize(parser.REQUEST, {}, 0, 0);
    probe.execute(Buffer.from(`${name} ${name === 'CONNECT' ? 'a:1' : '/'} HTTP/1.1\r\n\r\n`));
    if (seen >= 0) names.set(seen, name);
  }
  return names;
}

const loaded = loadLlhttp();

/** Why llhttp cannot be driven on this Node, or undefined when it can: for `test(..., { skip })`. */
export const llhttpUnavailable: string | undefined = typeof loaded === 'string' ? loaded : undefined;

/**
 * Reads requests from `chunks` (one execute per chunk, as node:http executes per read)
 * with one parser reused across calls, as node:http reuses its parsers.
 */
export class Llhttp {
  readonly #parser: Parser;
  readonly #class: ParserClass;
  readonly #methods: Map<number, string>;
  #messages: ParsedMessage[] = [];
  #current: ParsedMessage | undefined;
  #bodyParts: Buffer[] = [];
  #rawHeaders: string[] = [];
  #url = '';
  #stopped = false;

  constructor() {
    if (typeof loaded === 'string') throw new Error(loaded);
    this.#class = loaded;
    this.#methods = methodNames(loaded);
    this.#parser = new loaded();
    const parser = this.#parser;
    const kind = this.#class;
    // as node's parserOnHeaders: a head of many fields comes in several calls
    parser[kind.kOnHeaders] = (headers: string[], url: string) => {
      this.#rawHeaders.push(...headers);
      this.#url += url;
    };
    parser[kind.kOnHeadersComplete] = (major: number, minor: number, headers: string[] | undefined, method: number, url: string | undefined, _status: unknown, _text: unknown, upgrade: boolean, keepAlive: boolean) => {
      const raw = headers ?? this.#rawHeaders;
      this.#rawHeaders = [];
      const target = url ?? this.#url;
      this.#url = '';
      this.#current = { method: this.#methods.get(method) ?? `#${method}`, url: target, version: `${major}.${minor}`, headers: foldHeaders(raw), rawHeaders: raw, rawTrailers: [], keepAlive, upgrade, body: Buffer.alloc(0) };
      this.#bodyParts = [];
      if (upgrade) {
        // node:http hands the socket over after an upgrade's head; nothing more is HTTP
        this.#finishMessage();
        this.#stopped = true;
        return 0;
      }
      return 0;
    };
    parser[kind.kOnBody] = (data: Buffer) => {
      this.#bodyParts.push(Buffer.from(data));
    };
    parser[kind.kOnMessageComplete] = () => this.#finishMessage();
  }

  #finishMessage(): void {
    // as node's parserOnMessageComplete: what came through kOnHeaders since the head were trailers
    const trailers = this.#rawHeaders;
    this.#rawHeaders = [];
    this.#url = '';
    const message = this.#current;
    if (message === undefined) return;
    message.rawTrailers = trailers;
    message.body = Buffer.concat(this.#bodyParts);
    this.#messages.push(message);
    this.#current = undefined;
    this.#bodyParts = [];
  }

  parse(chunks: readonly Buffer[]): LlhttpOutcome {
    this.#messages = [];
    this.#current = undefined;
    this.#rawHeaders = [];
    this.#url = '';
    this.#stopped = false;
    // node:http: HTTPParser.REQUEST, a server's resource, the default header limit, strict
    this.#parser.initialize(this.#class.REQUEST, {}, 0, this.#class.kLenientNone ?? 0);
    let error: string | undefined;
    for (const chunk of chunks) {
      if (this.#stopped) break;
      const result = this.#parser.execute(chunk);
      if (result instanceof Error) {
        const code = (result as Error & { code?: string }).code ?? 'HPE_UNKNOWN';
        // bytes after a message that closes the connection: node:http reads no further, nor does ours
        if (code !== 'HPE_CLOSED_CONNECTION') error = code;
        break;
      }
    }
    // set by the callbacks execute ran (TypeScript sees only the reset above)
    const started = this.#current as ParsedMessage | undefined;
    if (started !== undefined) started.body = Buffer.concat(this.#bodyParts);
    return { messages: this.#messages, started, error };
  }
}

/** Folds `[name, value, ...]` into an object exactly as node:http's IncomingMessage does. */
function foldHeaders(raw: string[]): Record<string, string | string[]> {
  const message = new IncomingMessage(null as unknown as Socket) as IncomingMessage & { _addHeaderLines(headers: string[], n: number): void };
  message._addHeaderLines(raw, raw.length);
  return message.headers as Record<string, string | string[]>;
}
