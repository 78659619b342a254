import { afterEach } from 'node:test';
import type { AddressInfo } from 'node:net';
import { Http1Server, type Http1Request, type Http1Response, type Http1ServerOptions } from '../http1/http1-server.ts';

export type Http1Handler = (req: Http1Request, res: Http1Response) => void;

/**
 * A bare Http1Server on 127.0.0.1 and a free port, for tests that drive the server itself
 * rather than an application. Every server it starts is closed, its open connections first,
 * after the test that started it, so a failed assertion leaves nothing listening.
 */
export function serveHttp1(options: Http1ServerOptions, handler: Http1Handler): Promise<{ server: Http1Server; port: number }> {
  const server = new Http1Server(options, handler);
  started.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

const started: Http1Server[] = [];

// Registered once per test file, when the file first imports this module.
afterEach(async () => {
  for (const server of started.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
