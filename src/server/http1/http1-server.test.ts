import { before, describe, test } from 'node:test';
import { createHash, randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { EventEmitter, once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Http1Request, Http1Server, Http1ServerOptions } from './http1-server.ts';
import { serveHttp1, type Http1Handler as Handler } from '../test-support/http1-servers.ts';

/** Whether the suite running reads and writes connections through their streams (the path TLS takes) rather than into the server's buffer and to their stream handles. */
let streamReads = false;

function serve(handler: Handler, options: Http1ServerOptions = {}): Promise<{ server: Http1Server; port: number }> {
  return serveHttp1({ streamReads, streamWrites: streamReads, ...options }, handler);
}

/** A raw connection: write bytes, read what came back so far or until the server closes. */
class Client {
  readonly socket: Socket;
  received = '';
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => (this.received += chunk));
    this.closed = once(this.socket, 'close').then(() => undefined);
    this.socket.on('error', () => {});
  }

  send(data: string): this {
    this.socket.write(data, 'latin1');
    return this;
  }

  /** Resolves once what was received matches `pattern`, looked at again at each chunk; fails after `ms`. */
  until(pattern: RegExp, ms = 2_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!pattern.test(this.received)) return;
        clearTimeout(timer);
        this.socket.off('data', check);
        resolve(this.received);
      };
      const timer = setTimeout(() => {
        this.socket.off('data', check);
        reject(new Error(`no ${pattern} within ${ms} ms; received:\n${this.received}`));
      }, ms);
      this.socket.on('data', check);
      check();
    });
  }

  async all(): Promise<string> {
    await this.closed;
    return this.received;
  }
}

function answer(body: string, headers: string[] = []): Handler {
  return (_req, res) => {
    res.writeHead(200, 'OK', ['Content-Type', 'text/plain', ...headers]);
    res.end(body);
  };
}

/** Splits a raw reply stream into its responses' status lines and bodies (Content-Length framed). */
function bodiesOf(raw: string): string[] {
  const bodies: string[] = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf('\r\n\r\n', at);
    const head = raw.slice(at, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    bodies.push(raw.slice(end + 4, end + 4 + length));
    at = end + 4 + length;
  }
  return bodies;
}

for (const reads of ['into the server buffer', 'through the socket stream'] as const) describe(`Http1Server, reading ${reads}`, () => {
  before(() => {
    streamReads = reads === 'through the socket stream';
  });

  test('reads a plain connection into its buffer unless told to read through the stream', async () => {
    const { port } = await serve((req, res) => res.end(String(req.socket.listenerCount('data'))));
    const reply = await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.deepEqual(bodiesOf(reply), [streamReads ? '1' : '0']);
  });

  test('what a request leaves for later reads is kept as it was sent: a body read slowly and kept in parts, a head sent in pieces', async () => {
    const sent = randomBytes(512 * 1024);
    const { port } = await serve(async (req, res) => {
      const parts: Buffer[] = [];
      if (req.body !== undefined) {
        for await (const chunk of req.body) {
          parts.push(chunk as Buffer);
          await sleep(0);
        }
      }
      res.end(`${req.method} ${req.url} ${createHash('sha256').update(Buffer.concat(parts)).digest('hex')}`);
    });
    const client = new Client(port);
    client.send(`PUT /body HTTP/1.1\r\nHost: x\r\nContent-Length: ${sent.length}\r\n\r\n`);
    for (let at = 0; at < sent.length; at += 7_001) client.socket.write(sent.subarray(at, at + 7_001));
    // each piece of the next head arrives in a read of its own, at the start of the buffer when there is one
    await sleep(30);
    client.send('GET /aft');
    await sleep(30);
    client.send('er HTTP/1.1\r\nHo');
    await sleep(30);
    client.send('st: x\r\nConnection: close\r\n\r\n');
    const none = createHash('sha256').digest('hex');
    assert.deepEqual(bodiesOf(await client.all()), [`PUT /body ${createHash('sha256').update(sent).digest('hex')}`, `GET /after ${none}`]);
  });

  test('answers a request with the status line, the headers, Date, Content-Length and keep-alive', async () => {
    const { port } = await serve(answer('hello'));
    const client = new Client(port).send('GET /hi HTTP/1.1\r\nHost: x\r\n\r\n');
    const reply = await client.until(/hello$/);
    assert.match(reply, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(reply, /\r\nContent-Type: text\/plain\r\n/);
    assert.match(reply, /\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\n/);
    assert.match(reply, /\r\nContent-Length: 5\r\n/);
    assert.match(reply, /\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\nhello$/);
    client.socket.destroy();
  });

  test('a response is an EventEmitter: its listeners hear finish then close, once ones once, removed ones not at all', async () => {
    const heard: string[] = [];
    const { port } = await serve((_req, res) => {
      assert.ok(res instanceof EventEmitter);
      assert.equal(res.listenerCount('finish'), 0);
      const removed = (): number => heard.push('removed');
      res.on('finish', () => heard.push('finish'));
      res.once('close', () => heard.push('close once'));
      res.on('close', removed);
      res.off('close', removed);
      assert.deepEqual([res.listenerCount('finish'), res.listenerCount('close')], [1, 1]);
      res.writeHead(200, 'OK', ['Content-Type', 'text/plain']);
      res.end('hello');
      res.emit('close');
      heard.push(`${res.listenerCount('close')} close listeners left`);
    });
    const client = new Client(port).send('GET /hi HTTP/1.1\r\nHost: x\r\n\r\n');
    await client.until(/hello$/);
    assert.deepEqual(heard, ['finish', 'close once', '0 close listeners left']);
    client.socket.destroy();
  });

  test('an error emitted on a response with no listener throws, as an EventEmitter\'s does', async () => {
    let thrown: unknown;
    const { port } = await serve((_req, res) => {
      try {
        res.emit('error', new Error('unheard'));
      } catch (error) {
        thrown = error;
      }
      res.end('hello');
    });
    const client = new Client(port).send('GET /hi HTTP/1.1\r\nHost: x\r\n\r\n');
    await client.until(/hello$/);
    assert.match(String(thrown), /unheard/);
    client.socket.destroy();
  });

  test('gives the application the method, the target as sent, the version and the headers', async () => {
    let seen: Http1Request | undefined;
    const { port } = await serve((req, res) => {
      seen = req;
      res.end();
    });
    await new Client(port).send('DELETE /a%2Fb?q=%20 HTTP/1.0\r\nX-Thing: one\r\n\r\n').all();
    assert.equal(seen?.method, 'DELETE');
    assert.equal(seen?.url, '/a%2Fb?q=%20');
    assert.equal(seen?.httpVersion, '1.0');
    assert.equal(seen?.headers['x-thing'], 'one');
    assert.equal(seen?.complete, true);
    assert.equal(seen?.body, undefined);
  });

  test('answers pipelined requests in order, one at a time, even when the first answer comes last', async () => {
    let active = 0;
    let most = 0;
    const { port } = await serve((req, res) => {
      active++;
      most = Math.max(most, active);
      const delay = req.url === '/slow' ? 60 : 0;
      setTimeout(() => {
        active--;
        res.writeHead(200, ['Content-Type', 'text/plain']);
        res.end(req.url);
      }, delay);
    });
    const reply = await new Client(port)
      .send('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      .all();
    assert.deepEqual(bodiesOf(reply), ['/slow', '/fast', '/last']);
    assert.equal(most, 1);
    assert.match(reply, /Connection: close\r\n\r\n\/last$/);
  });

  test('answers many pipelined requests answered at once without growing the stack', async () => {
    const { port } = await serve(answer('ok'));
    const count = 2_000;
    const reply = await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(count - 1) + 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.equal(bodiesOf(reply).length, count);
  });

  test('answers pipelined requests past the read-ahead, answered later, each with its own target, in order', async () => {
    const { port } = await serve((req, res) => setImmediate(() => res.end(req.url)));
    const count = 6_000;
    let requests = '';
    for (let i = 0; i < count; i++) requests += `GET /${i} HTTP/1.1\r\nHost: x\r\n${i === count - 1 ? 'Connection: close\r\n' : ''}\r\n`;
    assert.ok(requests.length > 2 * 64 * 1024);
    const bodies = bodiesOf(await new Client(port).send(requests).all());
    assert.deepEqual(bodies, Array.from({ length: count }, (_, i) => `/${i}`));
  });

  test('reads a request that arrives one byte at a time', async () => {
    const { port } = await serve(answer('whole'));
    const client = new Client(port);
    for (const byte of 'GET / HTTP/1.1\r\nHost: x\r\n\r\n') {
      client.send(byte);
      await sleep(1);
    }
    assert.match(await client.until(/whole$/), /^HTTP\/1\.1 200/);
    client.socket.destroy();
  });

  test('closes an HTTP/1.0 connection after its response unless it asked for keep-alive', async () => {
    const { port } = await serve(answer('ten'));
    assert.match(await new Client(port).send('GET / HTTP/1.0\r\n\r\n').all(), /Connection: close\r\n\r\nten$/);
    const kept = new Client(port).send('GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n');
    assert.match(await kept.until(/ten$/), /Connection: keep-alive/);
    kept.send('GET / HTTP/1.0\r\n\r\n');
    assert.equal(bodiesOf(await kept.all()).length, 2);
  });

  test('hands a Content-Length body to the application as a stream, then reads the next request', async () => {
    const { port } = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      if (req.body !== undefined) for await (const chunk of req.body) chunks.push(chunk as Buffer);
      res.writeHead(200, ['Content-Type', 'text/plain']);
      res.end(`${req.url}:${Buffer.concat(chunks).toString()}`);
    });
    const reply = await new Client(port)
      .send('POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nfirstPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nConnection: close\r\n\r\nsecond')
      .all();
    assert.deepEqual(bodiesOf(reply), ['/a:first', '/b:second']);
  });

  test('a body that came whole with its head is read by its stream all the same, and ends', async () => {
    const { port } = await serve((req, res) => {
      assert.equal(req.complete, true);
      const chunks: Buffer[] = [];
      req.body!.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => res.end(Buffer.concat(chunks).toString()));
    });
    const reply = await new Client(port).send('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nwhole').all();
    assert.deepEqual(bodiesOf(reply), ['whole']);
  });

  test('a body larger than the stream holds, sent before the application reads it, reaches it whole and in order', async () => {
    const size = 256 * 1024;
    const sent = Buffer.alloc(size);
    for (let i = 0; i < size; i++) sent[i] = i % 251;
    let written!: () => void;
    const allWritten = new Promise<void>((resolve) => (written = resolve));
    const { port } = await serve(async (req, res) => {
      // reads only once the client has handed all of it over: what came meanwhile waits
      await allWritten;
      const chunks: Buffer[] = [];
      for await (const chunk of req.body!) chunks.push(chunk as Buffer);
      res.end(Buffer.concat(chunks).equals(sent) ? 'same' : 'different');
    });
    const client = new Client(port).send(`PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
    client.socket.write(sent, () => written());
    assert.match(await client.all(), /\r\n\r\nsame$/);
  });

  test('decodes a chunked body sent in pieces', async () => {
    let firstPiece!: () => void;
    const firstPieceRead = new Promise<void>((resolve) => (firstPiece = resolve));
    const { port } = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req.body!) {
        chunks.push(chunk as Buffer);
        firstPiece();
      }
      res.end(Buffer.concat(chunks).toString());
    });
    const client = new Client(port).send('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki');
    // the rest is sent once the application has read the first piece: two reads for certain
    await firstPieceRead;
    client.send('\r\n5\r\npedia\r\n0\r\n\r\n');
    assert.match(await client.until(/Wikipedia$/), /Content-Length: 9/);
    client.socket.destroy();
  });

  test('reads a large body with back-pressure, all of it, when the application reads slowly', async () => {
    const size = 4 * 1024 * 1024;
    const { port } = await serve(async (req, res) => {
      let received = 0;
      for await (const chunk of req.body!) {
        received += (chunk as Buffer).length;
        await sleep(0);
      }
      res.end(String(received));
    });
    const client = new Client(port).send(`PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
    client.socket.write(Buffer.alloc(size, 97));
    assert.match(await client.all(), new RegExp(`\\r\\n\\r\\n${size}$`));
  });

  test('says 100 Continue to a client that expects it, before the application answers', async () => {
    const { port } = await serve(async (req, res) => {
      let body = '';
      for await (const chunk of req.body!) body += String(chunk);
      res.end(body);
    });
    const client = new Client(port).send('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n');
    assert.equal(await client.until(/\r\n\r\n$/), 'HTTP/1.1 100 Continue\r\n\r\n');
    client.send('data');
    assert.match(await client.until(/data$/), /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    client.socket.destroy();
  });

  test('refuses a malformed request with its status and closes, without calling the application', async () => {
    let called = 0;
    const { port } = await serve((_req, res) => {
      called++;
      res.end();
    });
    const cases: Array<[string, RegExp]> = [
      ['GET /a b HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400 Bad Request\r\n/],
      ['GET / HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400 /],
      ['GET / HTTP/1.1\r\nHost: x\r\nX: a\nb\r\n\r\n', /^HTTP\/1\.1 400 /],
      ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc', /^HTTP\/1\.1 400 /],
      ['GET / HTTP/2.0\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 505 HTTP Version Not Supported\r\n/],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/],
      ['POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n', /^HTTP\/1\.1 501 /],
    ];
    for (const [request, expected] of cases) {
      const reply = await new Client(port).send(request).all();
      assert.match(reply, expected, JSON.stringify(request.slice(0, 60)));
      assert.match(reply, /Connection: close\r\n\r\n$/);
    }
    assert.equal(called, 0);
  });

  test('survives random bytes and random cuts of valid requests, and goes on answering', async () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const valid = 'POST /a?b=c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n3\r\nabc\r\n0\r\n\r\n';
    const { port } = await serve(async (req, res) => {
      try {
        if (req.body !== undefined) for await (const chunk of req.body) void chunk;
      } catch {
        return; // the client left mid-body: its response has nowhere to go
      }
      res.end('ok');
    }, { headersTimeout: 200 });
    const attempts: Array<Promise<string>> = [];
    for (let i = 0; i < 120; i++) {
      let data: string;
      if (i % 2 === 0) {
        data = Array.from({ length: 1 + random(200) }, () => String.fromCharCode(random(256))).join('');
      } else {
        // a valid request with one octet changed, or cut short
        const at = random(valid.length);
        data = i % 4 === 1 ? valid.slice(0, at) + String.fromCharCode(random(256)) + valid.slice(at + 1) : valid.slice(0, at);
      }
      const client = new Client(port).send(data);
      setTimeout(() => client.socket.end(), 50);
      attempts.push(client.all());
    }
    for (const reply of await Promise.all(attempts)) assert.match(reply, /^(?:HTTP\/1\.1 (?:200|400|408|413|417|431|501|505) [^]*)?$/);
    assert.match(await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all(), /\r\n\r\nok$/);
  });

  test('answers the request before a malformed one, then refuses that one', async () => {
    const { port } = await serve(answer('fine'));
    const reply = await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/9.9\r\nHost: x\r\n\r\n').all();
    assert.match(reply, /^HTTP\/1\.1 200 OK\r\n[^]*fineHTTP\/1\.1 505 /);
  });

  test('a body malformed where it arrives with the head is refused without the application', async () => {
    let called = false;
    const { port } = await serve((_req, res) => {
      called = true;
      res.end();
    });
    const reply = await new Client(port).send('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n').all();
    assert.match(reply, /^HTTP\/1\.1 400 Bad Request/);
    assert.equal(called, false);
  });

  test('a chunked body malformed after the application got the request ends its body with an error and the connection with a 400', async () => {
    let failure: unknown;
    let reached!: () => void;
    const applicationHasIt = new Promise<void>((resolve) => (reached = resolve));
    const { port } = await serve(async (req, res) => {
      reached();
      try {
        for await (const chunk of req.body!) void chunk;
      } catch (error) {
        failure = error;
      }
      if (!res.headersSent) res.end('unreachable');
    });
    const client = new Client(port).send('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n');
    await applicationHasIt;
    const reply = await client.send('zz\r\n').all();
    assert.match(reply, /^HTTP\/1\.1 400 Bad Request/);
    assert.ok(failure instanceof Error);
    assert.match((failure as Error).message, /chunk size is malformed/);
  });

  test('writeHead refuses a header value with CR or LF, a header name that is not a token, a status text with CR', async () => {
    const errors: string[] = [];
    const { port } = await serve((_req, res) => {
      for (const attempt of [() => res.writeHead(200, ['X-Evil', 'a\r\nSet-Cookie: stolen=1']), () => res.writeHead(200, ['Bad Name', 'a']), () => res.writeHead(200, 'OK\r\nX: y', [])]) {
        try {
          attempt();
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      res.writeHead(500, ['Content-Type', 'text/plain']);
      res.end('refused');
    });
    const reply = await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.equal(errors.length, 3);
    assert.match(errors[0]!, /Invalid character in the value of the header "X-Evil"/);
    assert.match(errors[1]!, /Invalid header name/);
    assert.match(errors[2]!, /status text/);
    assert.match(reply, /^HTTP\/1\.1 500 Internal Server Error\r\n/);
    assert.doesNotMatch(reply, /stolen/);
  });

  test('the Content-Length of a string body counts its bytes in the encoding it is written in', async () => {
    const { port } = await serve((req, res) => {
      res.end('héllo', req.url === '/latin1' ? 'latin1' : undefined);
    });
    const latin1 = await new Client(port).send('GET /latin1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.match(latin1, /Content-Length: 5\r\n[^]*\r\n\r\nh\xe9llo$/);
    const utf8 = await new Client(port).send('GET /utf8 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.match(utf8, /Content-Length: 6\r\n[^]*\r\n\r\nh\xc3\xa9llo$/);
  });

  test('HEAD gets the headers GET would, and no body', async () => {
    const { port } = await serve((_req, res) => {
      res.writeHead(200, ['Content-Length', '5']);
      res.end('hello');
    });
    const reply = await new Client(port).send('HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
    assert.match(reply, /Content-Length: 5\r\n/);
    assert.match(reply, /\r\n\r\n$/);
  });

  test('a 204 and a 304 carry no body and no Content-Length', async () => {
    for (const status of [204, 304]) {
      const { port } = await serve((_req, res) => {
        res.writeHead(status);
        res.end('ignored');
      });
      const reply = await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all();
      assert.match(reply, new RegExp(`^HTTP/1\\.1 ${status} `));
      assert.doesNotMatch(reply, /Content-Length|Transfer-Encoding|ignored/);
    }
  });

  test('a body written in parts without a length is sent chunked, and the connection stays usable', async () => {
    const { port } = await serve(async (req, res) => {
      res.writeHead(200, ['Content-Type', 'text/plain']);
      res.flushHeaders();
      await pipeline(Readable.from(['one ', 'two ', 'three']), res as unknown as NodeJS.WritableStream);
    });
    const client = new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const reply = await client.until(/0\r\n\r\n$/);
    assert.match(reply, /Transfer-Encoding: chunked\r\n/);
    assert.match(reply, /\r\n\r\n4\r\none \r\n4\r\ntwo \r\n5\r\nthree\r\n0\r\n\r\n$/);
    client.received = '';
    client.send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(await client.all(), /three\r\n0\r\n\r\n$/);
  });

  test('a large body written with back-pressure reaches a slow reader whole, in order', async () => {
    const piece = 64 * 1024;
    const pieces = 64;
    let drains = 0;
    const { port } = await serve(async (_req, res) => {
      res.writeHead(200, ['Content-Length', String(piece * pieces)]);
      res.on('drain', () => drains++);
      await pipeline(Readable.from((function* () {
        for (let i = 0; i < pieces; i++) yield Buffer.alloc(piece, 97 + (i % 26));
      })()), res as unknown as NodeJS.WritableStream);
    });
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // read slowly, so that the server's socket fills up
      socket.pause();
      setTimeout(() => socket.resume(), 1);
    });
    await once(socket, 'close');
    const reply = Buffer.concat(chunks);
    const body = reply.subarray(reply.indexOf('\r\n\r\n') + 4);
    assert.equal(body.length, piece * pieces);
    for (let i = 0; i < pieces; i++) assert.equal(body[i * piece], 97 + (i % 26), `piece ${i} in its place`);
    assert.ok(drains > 0, 'the response waited for the socket at least once');
  });

  test('to an HTTP/1.0 client, a body of unknown length is ended by closing the connection', async () => {
    const { port } = await serve((_req, res) => {
      res.write('part one, ');
      res.end('part two');
    });
    const reply = await new Client(port).send('GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n').all();
    assert.match(reply, /Connection: close\r\n\r\npart one, part two$/);
    assert.doesNotMatch(reply, /Transfer-Encoding/);
  });

  test('a response whose client left (its connection reset) emits close and the server goes on serving', async () => {
    let reached!: () => void;
    const applicationHasIt = new Promise<void>((resolve) => (reached = resolve));
    let closed!: () => void;
    const responseClosed = new Promise<void>((resolve) => (closed = resolve));
    const { port } = await serve((req, res) => {
      if (req.url === '/never') {
        res.on('close', closed);
        reached();
        return;
      }
      res.end('still here');
    });
    const leaving = new Client(port).send('GET /never HTTP/1.1\r\nHost: x\r\n\r\n');
    await applicationHasIt;
    // a FIN alone may be a half-close, after which the client still reads its answer
    leaving.socket.resetAndDestroy();
    await responseClosed;
    assert.match(await new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').all(), /still here$/);
  });

  test('a client that half-closes after its request is answered, then the connection closes', async () => {
    let reached!: (request: Http1Request, answer: () => void) => void;
    const applicationHasIt = new Promise<[Http1Request, () => void]>((resolve) => (reached = (request, answer) => resolve([request, answer])));
    const { port } = await serve((req, res) => reached(req, () => res.end('late')));
    const client = new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const [request, answer] = await applicationHasIt;
    // answered only once the server has seen the client's FIN
    const finSeen = once(request.socket, 'end');
    client.socket.end();
    await finSeen;
    answer();
    assert.match(await client.all(), /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nlate$/);
  });

  test('a client that half-closes in the middle of a head is taken for gone: the connection closes', async () => {
    const { port } = await serve(answer('never'));
    const client = new Client(port).send('GET / HTTP/1.1\r\nHo');
    client.socket.end();
    assert.equal(await client.all(), '');
  });

  test('an idle keep-alive connection is closed after keepAliveTimeout', async () => {
    const { port } = await serve(answer('ok'), { keepAliveTimeout: 100 });
    const client = new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const started = Date.now();
    await client.all();
    assert.ok(Date.now() - started >= 90, 'not before the timeout');
    assert.ok(Date.now() - started < 1_000, 'soon after it');
  });

  test('closeIdleConnections closes the idle connections and leaves the busy ones to finish', async () => {
    let finish: (() => void) | undefined;
    let arrived: () => void;
    const busyArrived = new Promise<void>((resolve) => (arrived = resolve));
    const { server, port } = await serve((req, res) => {
      if (req.url === '/busy') {
        finish = () => res.end('done');
        arrived();
      } else {
        res.end('quick');
      }
    });
    const idle = new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.until(/quick$/);
    const busy = new Client(port).send('GET /busy HTTP/1.1\r\nHost: x\r\n\r\n');
    await busyArrived;
    server.close();
    server.closeIdleConnections();
    await idle.closed;
    finish!();
    const reply = await busy.all();
    assert.match(reply, /Connection: close\r\n\r\ndone$/);
  });

  test('closeIdleConnections(ms) leaves a connection that received something within those ms', async () => {
    const { server, port } = await serve(answer('quick'));
    const client = new Client(port).send('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await client.until(/quick$/);
    server.closeIdleConnections(60_000);
    client.send('GET /again HTTP/1.1\r\nHost: x\r\n\r\n');
    await client.until(/quick[^]*quick$/);
    server.closeIdleConnections(0);
    await client.closed;
  });
});
