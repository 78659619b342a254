// Started by http1/drip.test.ts as a child process, so that its CPU time is the server's
// alone: an HTTP server over the transport named by argv[2] (`sluice` or `node`) that
// answers /big with a body larger than the socket buffers (a client that does not read
// keeps that response unfinished), never answers /wait (the application keeps it) and
// answers anything else with a short text. It prints its port,
// then, for each line on stdin, its CPU time used so far (µs, user + system) on stdout.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { Http1Server, type Http1Request, type Http1Response } from '../http1/http1-server.ts';

const big = Buffer.alloc(32 * 1024 * 1024, 'x');
const handler = (req: IncomingMessage | Http1Request, res: ServerResponse | Http1Response): void => {
  if (req.url === '/wait') return;
  const body = req.url === '/big' ? big : 'hello';
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(body.length) });
  (res as ServerResponse).end(body);
};
const server = process.argv[2] === 'node' ? createServer({ keepAliveTimeout: 60_000 }, handler) : new Http1Server({ keepAliveTimeout: 60_000 }, handler);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
createInterface({ input: process.stdin }).on('line', () => {
  const used = process.cpuUsage();
  process.stdout.write(`${used.user + used.system}\n`);
});
process.stdin.on('end', () => process.exit(0));
