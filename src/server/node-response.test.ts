import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeRequestOptions } from './node-request.ts';
import { NodeResponse } from './node-response.ts';
import { sendRaw } from './test-support/http-client.ts';

/** The raw head node:http writes for a response that `answer` makes, the connection closed after it. */
async function rawReply(answer: (res: ServerResponse) => void): Promise<string> {
  const server = createServer(nodeRequestOptions, (_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await sendRaw((server.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function headLines(reply: string): string[] {
  return reply.slice(0, reply.indexOf('\r\n\r\n')).split('\r\n');
}

describe('NodeResponse', () => {
  test('node:http answers with it', async () => {
    let made: ServerResponse | undefined;
    await rawReply((res) => {
      made = res;
      res.end();
    });
    assert.ok(made instanceof NodeResponse);
  });

  test('a header list is written as given, names as written, with the Date and Connection node adds', async () => {
    const reply = await rawReply((res) => {
      res.writeHead(201, 'Made', ['Content-Type', 'text/plain', 'Content-Length', '2', 'X-Several', ['a', 'b'], 'x-lower', 'yes']);
      res.end('ok');
    });
    const lines = headLines(reply);
    assert.equal(lines[0], 'HTTP/1.1 201 Made');
    assert.deepEqual(lines.slice(1, 6), ['Content-Type: text/plain', 'Content-Length: 2', 'X-Several: a', 'X-Several: b', 'x-lower: yes']);
    assert.match(lines[6]!, /^Date: /);
    assert.equal(lines[7], 'Connection: close');
    assert.equal(lines.length, 8);
    assert.ok(reply.endsWith('\r\n\r\nok'));
  });

  test('the headers written can be read back as node keeps them', async () => {
    let seen: unknown;
    await rawReply((res) => {
      res.writeHead(200, ['Content-Type', 'text/plain', 'Content-Length', '0']);
      seen = { type: res.getHeader('content-type'), names: res.getHeaderNames(), constructor: res.hasHeader('constructor') };
      res.end();
    });
    assert.deepEqual(seen, { type: 'text/plain', names: ['content-type', 'content-length'], constructor: false });
  });

  test('a latin1 value, a number and a repeated name are written as node writes them', async () => {
    const reply = await rawReply((res) => {
      res.writeHead(200, ['X-Latin', 'caf\u00e9', 'X-Number', 7 as unknown as string, 'X-Twice', '1', 'x-twice', '2', 'Content-Length', '0']);
      res.end();
    });
    const lines = headLines(reply);
    assert.deepEqual(lines.slice(1, 5), ['X-Latin: caf\u00e9', 'X-Number: 7', 'X-Twice: 1', 'x-twice: 2']);
  });

  test('a value node refuses is refused with node\'s error, and the next head carries none of the refused headers', async () => {
    let refused: unknown;
    const reply = await rawReply((res) => {
      try {
        res.writeHead(200, ['X-Fine', 'yes', 'X-Bad', 'line\nbreak']);
      } catch (error) {
        refused = error;
      }
      res.writeHead(500, 'Internal Server Error', ['Content-Length', '0']);
      res.end();
    });
    assert.equal((refused as { code?: string }).code, 'ERR_INVALID_CHAR');
    const lines = headLines(reply);
    assert.equal(lines[0], 'HTTP/1.1 500 Internal Server Error');
    assert.ok(!lines.some((line) => line.startsWith('X-')));
  });

  test('a status text node refuses leaves no header behind for the next head', async () => {
    let refused: unknown;
    const reply = await rawReply((res) => {
      try {
        res.writeHead(200, 'bad\ntext', ['X-Fine', 'yes', 'Content-Length', '0']);
      } catch (error) {
        refused = error;
      }
      res.writeHead(500, 'Internal Server Error', ['Content-Length', '0']);
      res.end();
    });
    assert.equal((refused as { code?: string }).code, 'ERR_INVALID_CHAR');
    assert.ok(!headLines(reply).some((line) => line.startsWith('X-')));
  });

  test('headers set one by one before are kept, the list added to them as node does', async () => {
    const reply = await rawReply((res) => {
      res.setHeader('X-Early', 'set');
      res.writeHead(200, ['Content-Length', '0']);
      res.end();
    });
    const lines = headLines(reply);
    assert.deepEqual(lines.slice(1, 3), ['X-Early: set', 'Content-Length: 0']);
  });
});
