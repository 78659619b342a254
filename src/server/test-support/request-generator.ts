/**
 * Requests for differential tests of the HTTP/1.1 parser: generated from the parts where
 * parsers disagree (methods, targets, versions, header sets, Content-Length and
 * Transfer-Encoding combinations, chunk and trailer forms, line ends, pipelines), then
 * sometimes mutated byte by byte, and cut into reads at random offsets. All of it from a
 * seeded generator, so a failing case is found again from its seed.
 */

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same cases on every Node. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, below). */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
}

const methods = ['GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'PURGE', 'QUERY', 'MKCOL', 'SEARCH', 'CONNECT', 'get', 'Post', 'FOO', 'PRI', 'GET\t', 'G(T', 'DESCRIBE', 'SOURCE', ''];
const targets = [
  '/', '/', '/a/b', '/a?x=1&y=2', '/search?q=a%20b', '/%2e%2e/x', '/a#frag', '//double', '/a;p=1', '/~user/', '/?', "/!$&'()*+,;=:@",
  '*', 'http://example.com/p', 'http://example.com', 'https://example.com:8443/x?y', 'HTTP://EXAMPLE.COM/', 'http://other.test/',
  'http://user@example.com/', 'ftp://example.com/', 'example.com:80', 'en', '/a b', '/\x7f', '/\xe9', '/\x00', '/a\tb', '/"q"', '/{x}', '/a|b', '/a\\b', '/^`',
];
const versions = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/3.0', 'http/1.1', 'HTTP/1.10', 'HTTP/1', 'HTTP/1.1 ', 'RTSP/1.0', 'ICE/1.0', ''];
const fieldNames = ['Accept', 'User-Agent', 'X-Custom', 'Cookie', 'Set-Cookie', 'Content-Type', 'Authorization', 'Referer', 'X-Forwarded-For', 'Via', 'Accept-Encoding', 'TE', 'Trailer', 'Upgrade-Insecure-Requests', 'Keep-Alive', 'Cache-Control'];
const oddNames = ['X Y', 'X:Y', 'X@Y', 'X"', 'X\x00', '\xe9t\xe9', 'X(', '{X}', ''];
const fieldValues = ['text/html', 'a=1; b=2', '*/*', 'Mozilla/5.0', 'gzip, deflate', '', ' padded ', '\tx\t', 'a,b', '"quoted, value"', 'caf\xe9', 'x\x7fy', 'x\x00y', 'x\x01y', 'x\ry', 'x\x1by', 'very long '.repeat(20)];
const contentLengths = ['0', '3', '5', '10', '03', '+3', '-1', '3 ', ' 3', '3\t', '0x3', '3,3', '3, 3', '3 3', '', '1e1', '18446744073709551616', '9007199254740993', '\xb3'];
const transferEncodings = ['chunked', 'chunked', 'chunked', 'Chunked', 'CHUNKED', ' chunked', 'chunked ', 'chunked\t', 'chunked, identity', 'identity, chunked', 'gzip, chunked', 'gzip', 'xchunked', 'chunkedx', 'chunked;q=1', 'chunked,', ',chunked', 'chunked, chunked', '"chunked"', 'identity', 'chun\x00ked', ''];
const connections = ['close', 'keep-alive', 'Keep-Alive', 'Close', 'upgrade', 'close, keep-alive', 'keep-alive, close', 'TE', 'x, close'];
const expects = ['100-continue', '100-Continue', 'something', ''];
const chunkSizeSuffixes = ['', '', '', '', ';a', ';a=b', ';a="b c"', ';a="b\\"c"', ';a=b;c', ' ', '  ', '\t', ';', ';=b', '; a', ';a =b', ';a="\xe9"', ';\xe9', ';a="b', ';a=', ' ;a'];
const trailerLines = ['X-Checksum: abc', 'Expires: 0', 'Content-Length: 5', 'Transfer-Encoding: chunked', 'Host: evil', 'no-colon', ' folded', '\tfolded', ':x', '   ', 'X : y', 'X: caf\xe9', 'X: a\x00b', 'X:'];
const lineEnds = ['\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\n', '\r', '\r\r\n', ' \r\n'];
/** Octets a mutation writes: the ones grammars treat specially. */
const interesting = [0x00, 0x09, 0x0a, 0x0d, 0x20, 0x22, 0x2c, 0x2f, 0x30, 0x3a, 0x3b, 0x3d, 0x41, 0x5c, 0x61, 0x7f, 0x80, 0xe9, 0xff];

/** One generated case: the bytes and the reads they are cut into. */
export interface GeneratedCase {
  bytes: Buffer;
  chunks: Buffer[];
}

function line(random: Random, text: string, strictLines: boolean): string {
  return text + (strictLines ? '\r\n' : random.pick(lineEnds));
}

function hexSize(random: Random, size: number): string {
  const hex = size.toString(16);
  const form = random.int(6);
  if (form === 0) return hex.toUpperCase();
  if (form === 1) return '0'.repeat(1 + random.int(20)) + hex;
  return hex;
}

function chunkedBody(random: Random, strictLines: boolean): string {
  let body = '';
  const chunks = random.int(4);
  for (let i = 0; i < chunks; i++) {
    const size = 1 + random.int(12);
    const declared = random.chance(0.05) ? size + random.int(3) - 1 : size;
    body += line(random, hexSize(random, declared) + (random.chance(0.3) ? random.pick(chunkSizeSuffixes) : ''), strictLines);
    body += 'abcdefghijklmnopqrstuvwxyz'.slice(0, size);
    body += random.chance(0.05) ? random.pick(['', '\n', 'x\r\n', '\r']) : '\r\n';
  }
  body += line(random, (random.chance(0.1) ? '000' : '0') + (random.chance(0.15) ? random.pick(chunkSizeSuffixes) : ''), strictLines);
  const trailers = random.chance(0.25) ? 1 + random.int(2) : 0;
  for (let i = 0; i < trailers; i++) body += line(random, random.pick(trailerLines), strictLines);
  return body + (random.chance(0.97) ? '\r\n' : random.pick(['\n', '', 'x\r\n']));
}

function request(random: Random): string {
  // most cases well formed, so framing is compared, not only refusals
  const strictLines = random.chance(0.8);
  const plain = random.chance(0.5);
  const method = plain ? random.pick(['GET', 'POST', 'PUT']) : random.pick(methods);
  const target = plain ? random.pick(['/', '/a?b=c']) : random.pick(targets);
  const version = plain ? 'HTTP/1.1' : random.pick(versions);
  let head = random.chance(0.03) ? '\r\n' : '';
  head += line(random, random.chance(0.02) ? `${method}  ${target} ${version}` : `${method} ${target} ${version}`, strictLines);
  const fields: string[] = [];
  const hosts = random.chance(0.9) ? 1 : random.pick([0, 2]);
  for (let i = 0; i < hosts; i++) fields.push(`Host: ${random.chance(0.9) ? 'example.com' : random.pick(['EXAMPLE.com', 'other.test', 'example.com:8443', ''])}`);
  const extra = random.int(4);
  for (let i = 0; i < extra; i++) {
    const name = random.chance(0.9) ? random.pick(fieldNames) : random.pick(oddNames);
    const value = random.chance(0.8) ? random.pick(fieldValues.slice(0, 10)) : random.pick(fieldValues);
    const separator = random.chance(0.9) ? ': ' : random.pick([':', ' : ', ':\t', ':  ', ' :']);
    fields.push(`${name}${separator}${value}`);
  }
  let body = '';
  const framing = random.int(10);
  if (framing < 3) {
    const length = random.chance(0.8) ? String(random.int(8)) : random.pick(contentLengths);
    fields.push(`Content-Length: ${length}`);
    if (random.chance(0.1)) fields.push(`Content-Length: ${random.chance(0.5) ? length : random.pick(contentLengths)}`);
    if (random.chance(0.05)) fields.push(`Transfer-Encoding: ${random.pick(transferEncodings)}`);
    const declared = /^\d{1,2}$/.test(length) ? Number(length) : random.int(6);
    body = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.slice(0, random.chance(0.9) ? declared : random.int(12));
  } else if (framing < 6) {
    const coding = random.chance(0.6) ? 'chunked' : random.pick(transferEncodings);
    if (random.chance(0.05)) fields.push('Transfer-Encoding: gzip', `Transfer-Encoding: ${coding}`);
    else fields.push(`Transfer-Encoding: ${coding}`);
    if (random.chance(0.05)) fields.push(`Content-Length: ${random.pick(['0', '3', '10'])}`);
    body = chunkedBody(random, strictLines);
  }
  if (random.chance(0.15)) fields.push(`Connection: ${random.pick(connections)}`);
  if (random.chance(0.04)) fields.push(`Expect: ${random.pick(expects)}`);
  if (random.chance(0.02)) fields.push(' obs-fold');
  // shuffled, so framing fields come before and after the others
  for (let i = fields.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [fields[i], fields[j]] = [fields[j]!, fields[i]!];
  }
  for (const field of fields) head += line(random, field, strictLines);
  return head + line(random, '', strictLines) + body;
}

function mutate(random: Random, bytes: Buffer): Buffer {
  const out = [...bytes];
  const mutations = 1 + random.int(3);
  for (let i = 0; i < mutations && out.length > 0; i++) {
    const at = random.int(out.length);
    const kind = random.int(3);
    if (kind === 0) out[at] = random.pick(interesting);
    else if (kind === 1) out.splice(at, 0, random.pick(interesting));
    else out.splice(at, 1);
  }
  return Buffer.from(out);
}

/** Cuts `bytes` into reads at random offsets (most cases in one read, as most requests come). */
function split(random: Random, bytes: Buffer): Buffer[] {
  const cuts = random.chance(0.4) ? 0 : random.chance(0.05) ? bytes.length : 1 + random.int(4);
  if (cuts === 0 || bytes.length < 2) return [bytes];
  if (cuts >= bytes.length) return [...bytes].map((octet) => Buffer.from([octet]));
  const offsets = new Set<number>();
  while (offsets.size < cuts) offsets.add(1 + random.int(bytes.length - 1));
  const sorted = [...offsets].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const offset of sorted) {
    chunks.push(bytes.subarray(from, offset));
    from = offset;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

/** The case numbered `index` of the run seeded `seed`: one to three pipelined requests, maybe mutated, cut into reads. */
export function generateCase(seed: number, index: number): GeneratedCase {
  const random = new Random((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  let text = request(random);
  if (random.chance(0.3)) text += request(random);
  if (random.chance(0.1)) text += request(random);
  let bytes: Buffer = Buffer.from(text, 'latin1');
  if (random.chance(0.25)) bytes = mutate(random, bytes);
  return { bytes, chunks: split(random, bytes) };
}
