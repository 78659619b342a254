import { createServer, type Socket } from 'node:net';
import { announce } from './announce.ts';
import { loadLlhttp } from '../../src/server/test-support/llhttp-binding.ts';

// Diagnostic, not a peer: how little a server can spend per request on Node when it
// skips node:http's JavaScript layer (IncomingMessage, ServerResponse, their streams and
// ticks) but keeps its C++ parser, llhttp. It reads each request's head, lowercases the
// header names, and writes one fixed JSON answer per request, pipelined ones included;
// no bodies, no timeouts, no limits. It sizes what a transport of our own could save:
// `npm run bench:instructions -- --servers=node:http,llhttp-floor --routes=hello`.
// The parser is node's internal binding (not a public API), reached as the differential
// tests reach it.
const loaded = loadLlhttp();
if (typeof loaded === 'string') throw new Error(loaded);
const HTTPParser = loaded;

const body = '{"hello":"world"}';
const answer = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n${body}`;

const server = createServer((socket: Socket) => {
  socket.setNoDelay(true);
  const parser = new HTTPParser();
  parser.initialize(HTTPParser.REQUEST, {}, 0, 0);
  let out = '';
  parser[HTTPParser.kOnHeadersComplete] = (_major: number, _minor: number, raw: string[]) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] = raw[i + 1]!;
    out += answer;
    return 0;
  };
  parser[HTTPParser.kOnMessageComplete] = () => {};
  socket.on('data', (chunk: Buffer) => {
    if (parser.execute(chunk) instanceof Error) socket.destroy();
    else if (out !== '') {
      socket.write(out, 'latin1');
      out = '';
    }
  });
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => announce(server.address()));
