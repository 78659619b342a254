import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServerResponse, type OutgoingHttpHeader } from 'node:http';
import { Socket, connect } from 'node:net';
import { createServer, type ServerOptions } from 'node:http';
import { once } from 'node:events';
import { NodeResponse } from './node-response.ts';
import { NodeRequest } from './node-request.ts';

type ResponseClass = new (req: NodeRequest) => ServerResponse<NodeRequest>;

/** A response of `type` to a GET over HTTP/1.1, not attached to a connection: its head is only made. */
function responseOf(type: ResponseClass): ServerResponse<NodeRequest> {
  const req = new NodeRequest(new Socket());
  req.method = 'GET';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  return new type(req);
}

/** What node's writeHead reads and sets on a response besides its head. */
const stateFields = ['statusCode', 'statusMessage', 'shouldKeepAlive', '_last', 'chunkedEncoding', '_hasBody', '_contentLength', '_headerSent', 'sendDate', '_defaultKeepAlive'] as const;

/**
 * The head node made for `headers` and the response's state after it, or the error it
 * threw, with the Date line masked; `prepare` sets the response up first (its state as a
 * server would have left it).
 */
function headOf(type: ResponseClass, headers: OutgoingHttpHeader[], statusCode = 200, statusText: string | undefined = 'OK', prepare?: (res: ServerResponse<NodeRequest>) => void): string {
  const res = responseOf(type);
  prepare?.(res);
  try {
    res.writeHead(statusCode, statusText as string, headers);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  const state = Object.fromEntries(stateFields.map((field) => [field, (res as unknown as Record<string, unknown>)[field]]));
  return `${(res as unknown as { _header: string })._header.replace(/^Date: .*$/m, 'Date: (now)')}${JSON.stringify(state)}`;
}

const lists: OutgoingHttpHeader[][] = [
  ['Content-Type', 'application/json', 'Content-Length', '17', 'X-Request-Id', 'a1b2', 'Cache-Control', 'no-cache, private'],
  ['Content-Type', 'text/html; charset=UTF-8', 'Content-Length', '5', 'X-Frame-Options', 'DENY'],
  ['Content-Type', 'application/json', 'Content-Length', '17'],
  ['X-A', 'one', 'x-a', 'two'],
  ['Set-Cookie', ['a=1', 'b=2'], 'Content-Length', '0'],
  ['123', 'numeric name', 'X-B', 'after'],
  ['Connection', 'close', 'Content-Length', '2'],
  ['Transfer-Encoding', 'chunked'],
  ['Content-Type', 'caf\u00e9'],
  [],
];

test('a header list is written as node writes it: the same lines, in the same order', () => {
  for (let round = 0; round < 3; round++) {
    for (const list of lists) assert.equal(headOf(NodeResponse, list), headOf(ServerResponse, list), JSON.stringify(list));
  }
});

/** Lists with a Content-Length, whose head NodeResponse makes itself unless a name is one node reads for itself. */
const withLength: OutgoingHttpHeader[][] = [
  ['Content-Type', 'text/html; charset=UTF-8', 'Content-Length', '1234', 'X-Frame-Options', 'DENY', 'Content-Security-Policy', "default-src 'self'"],
  ['Content-Length', '0'],
  ['content-length', '12', 'X-Latin', 'caf\u00e9'],
  ['Content-Length', '5', 'Connection', 'keep-alive'],
  ['Content-Length', '5', 'Connection', 'close'],
  ['Content-Length', '5', 'Date', 'Thu, 01 Jan 1970 00:00:00 GMT'],
  ['Content-Length', '5', 'Keep-Alive', 'timeout=9'],
  ['Content-Length', '5', 'Trailer', 'X-T'],
  ['Content-Length', '5', 'Expect', 'x'],
  ['Content-Length', '5', 'Transfer-Encoding', 'chunked'],
  ['Content-Length', '5', 'Content-Disposition', 'attachment; filename="\u00e9.txt"'],
  ['Content-Length', '5', 'content-length', '5'],
];

/** Response states a server leaves for the head to read: its keep-alive settings, the client's. */
const states: Array<[string, (res: ServerResponse<NodeRequest>) => void]> = [
  ['a new response', () => {}],
  ['a server\'s keep-alive timeout', (res) => Object.assign(res, { _keepAliveTimeout: 5000 })],
  ['a timeout and a maximum of requests', (res) => Object.assign(res, { _keepAliveTimeout: 72_500, _maxRequestsPerSocket: 7 })],
  ['the last request the connection may carry', (res) => Object.assign(res, { _keepAliveTimeout: 5000, maxRequestsOnConnectionReached: true })],
  ['a client not kept alive (HTTP/1.0, the server closing)', (res) => Object.assign(res, { _keepAliveTimeout: 5000, shouldKeepAlive: false })],
  ['a client waiting for 100 Continue', (res) => Object.assign(res, { _expect_continue: true })],
  ['no Date', (res) => (res.sendDate = false)],
  ['a Connection header removed', (res) => res.removeHeader('Connection')],
  ['headers set before', (res) => res.setHeader('X-Set', 'before')],
];

test('a head with a Content-Length is made as node makes it, for every state of the response, status and status text', () => {
  for (let round = 0; round < 2; round++) {
    for (const list of withLength) {
      for (const [state, prepare] of states) {
        for (const [statusCode, statusText] of [[200, 'OK'], [404, 'Not Found'], [200, 'Fine'], [500, ''], [204, 'No Content'], [304, 'Not Modified'], [101, 'Switching Protocols'], [200.7, 'OK'], [99, 'Low'], [1000, 'High'], [200, 'Bad\r\nText'], [201, undefined]] as Array<[number, string | undefined]>) {
          const description = `${JSON.stringify(list)}, ${state}, ${statusCode} ${statusText}`;
          assert.equal(headOf(NodeResponse, list, statusCode, statusText, prepare), headOf(ServerResponse, list, statusCode, statusText, prepare), description);
        }
      }
    }
  }
});

test('a head with a Content-Length and no name node reads for itself is made without node\'s _storeHeader; any other is node\'s', () => {
  const madeByNode = (list: OutgoingHttpHeader[], statusCode = 200): boolean => {
    const res = responseOf(NodeResponse);
    let called = false;
    const own = res as unknown as { _storeHeader(this: unknown, ...args: unknown[]): unknown };
    const original = own._storeHeader;
    own._storeHeader = function (...args: unknown[]) {
      called = true;
      return original.apply(this, args);
    };
    res.writeHead(statusCode, 'Any', list);
    return called;
  };
  assert.equal(madeByNode(withLength[0]!), false);
  assert.equal(madeByNode(['content-length', '12', 'X-Latin', 'caf\u00e9']), false);
  assert.equal(madeByNode(['Content-Length', '5', 'Connection', 'close']), true);
  assert.equal(madeByNode(['Content-Length', '5', 'content-length', '5']), true);
  assert.equal(madeByNode(['Content-Type', 'text/plain']), true);
  assert.equal(madeByNode(['Content-Length', '0'], 304), true);
});

test('after writeHead the response keeps no headers, as after node\'s writeHead of a list', () => {
  for (const type of [NodeResponse, ServerResponse] as ResponseClass[]) {
    const res = responseOf(type);
    res.writeHead(200, 'OK', ['Content-Type', 'text/plain', 'Content-Length', '0']);
    assert.deepEqual(res.getHeaderNames(), []);
  }
});

test('a header node refuses is refused with node\'s own error', () => {
  for (const list of [['X-Bad', 'line\nbreak'], ['Bad Name', 'x'], ['', 'x'], ['X-Odd']] satisfies OutgoingHttpHeader[][]) {
    const error = headOf(NodeResponse, list);
    assert.match(error, /Error/);
    assert.equal(error, headOf(ServerResponse, list));
  }
});

test('a value refused once is refused again after valid ones of its name', () => {
  for (const value of ['a', 'b', 'c', 'd', 'e']) headOf(NodeResponse, ['X-Many', value]);
  assert.equal(headOf(NodeResponse, ['X-Many', 'line\r\nbreak']), headOf(ServerResponse, ['X-Many', 'line\r\nbreak']));
});

test('each character of a value is taken or refused as node takes or refuses it, in a short value and a long one', () => {
  const edges = [0x00, 0x08, 0x09, 0x0a, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0xff, 0x100, 0x2028, 0xd800];
  for (const code of edges) {
    for (const padding of ['', 'x'.repeat(300)]) {
      const value = `a${padding}${String.fromCharCode(code)}b`;
      assert.equal(headOf(NodeResponse, ['X-Edge', value]), headOf(ServerResponse, ['X-Edge', value]), `U+${code.toString(16)}, ${value.length} characters`);
    }
  }
});

test('a status node refuses leaves none of its headers to the response written next', () => {
  const written = (type: ResponseClass): string => {
    const res = responseOf(type);
    assert.throws(() => res.writeHead(1000, 'OK', ['X-First', 'yes']));
    res.writeHead(500, 'Internal Server Error', ['Content-Type', 'text/plain; charset=UTF-8']);
    return (res as unknown as { _header: string })._header.replace(/^Date: .*$/m, 'Date: (now)');
  };
  assert.equal(written(NodeResponse), written(ServerResponse));
  assert.doesNotMatch(written(NodeResponse), /X-First/);
});

test('headers set one by one before writeHead are kept, as node keeps them', () => {
  const written = (type: ResponseClass): string => {
    const res = responseOf(type);
    res.setHeader('X-Set', 'before');
    res.writeHead(200, 'OK', ['Content-Type', 'text/plain', 'Content-Length', '0']);
    return (res as unknown as { _header: string })._header.replace(/^Date: .*$/m, 'Date: (now)');
  };
  assert.equal(written(NodeResponse), written(ServerResponse));
});

/**
 * What a client receives from a server of responses of `type` for `requests` (sent at
 * once, on one connection), with the Date lines masked, and the events each response
 * emitted, in order.
 */
async function exchange(type: ResponseClass, requests: string, answer: (res: ServerResponse<NodeRequest>) => void, options: ServerOptions & { maxRequestsPerSocket?: number } = {}): Promise<{ received: string; events: string[] }> {
  const events: string[] = [];
  const server = createServer({ ...options, IncomingMessage: NodeRequest, ServerResponse: type as typeof NodeResponse }, (_req, res) => {
    for (const name of ['prefinish', 'finish', 'close'] as const) res.on(name, () => events.push(name));
    answer(res);
    events.push('answered');
  });
  if (options.maxRequestsPerSocket !== undefined) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const client = connect((server.address() as { port: number }).port, '127.0.0.1');
    client.setEncoding('latin1');
    let received = '';
    client.on('data', (chunk: string) => (received += chunk));
    client.end(requests);
    await once(client, 'close');
    return { received: received.replace(/^Date: .*$/gm, 'Date: (now)'), events };
  } finally {
    server.close();
  }
}

test('a text body is sent as node sends it, with the same events in the same order', async () => {
  const get = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
  const cases: Array<[string, (res: ServerResponse<NodeRequest>) => void]> = [
    [get + get + 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', (res) => res.writeHead(200, 'OK', ['Content-Type', 'text/plain', 'Content-Length', '5']).end('h\u00e9l!')],
    ['HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', (res) => res.writeHead(200, 'OK', ['Content-Length', '5']).end('hello')],
    [get.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), (res) => res.writeHead(200, 'OK', ['Content-Type', 'text/plain']).end('chunked, no length')],
    [get.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), (res) => res.writeHead(200, 'OK', ['Content-Length', '3']).end(Buffer.from('abc'))],
    [get.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), (res) => res.end('no head made')],
  ];
  for (const [requests, answer] of cases) {
    assert.deepEqual(await exchange(NodeResponse, requests, answer), await exchange(ServerResponse, requests, answer), requests);
  }
});

test('a head made by NodeResponse is sent as node sends it, kept alive or closed as node keeps or closes it', async () => {
  const get = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
  const close = 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
  const page = (res: ServerResponse<NodeRequest>): void => void res.writeHead(404, 'Not Found', ['Content-Type', 'text/html; charset=UTF-8', 'Content-Length', '12', 'X-Frame-Options', 'DENY']).end('<p>gone</p>\n');
  const cases: Array<[string, ServerOptions & { maxRequestsPerSocket?: number }]> = [
    [get + get + close, {}],
    [get + get + get + get, { maxRequestsPerSocket: 2 }],
    [get + close, { keepAliveTimeout: 72_500 }],
    ['HEAD / HTTP/1.1\r\nHost: x\r\n\r\n' + close, {}],
    ['GET / HTTP/1.0\r\n\r\n', {}],
    ['GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n' + get + close, {}],
    ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\nhello' + close, {}],
  ];
  for (const [requests, options] of cases) {
    assert.deepEqual(await exchange(NodeResponse, requests, page, options), await exchange(ServerResponse, requests, page, options), requests);
  }
});
