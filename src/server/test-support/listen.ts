import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeAdapter, type NodeAdapterOptions } from '../node-adapter.ts';
import { nodeRequestOptions } from '../node-request.ts';
import { Http1Server } from '../http1/http1-server.ts';
import type { Transport } from '../node-server.ts';
import type { HttpApplication } from '../http-application.ts';

/** Both transports the server can speak HTTP with; the server tests run over each. */
export const transports: readonly Transport[] = ['sluice', 'node'];

export interface Listening {
  server: Server | Http1Server;
  port: number;
  close(): Promise<void>;
}

/** A bare server of `transport` (default sluice) on 127.0.0.1 and a free port, answering through a NodeAdapter. */
export async function listen(app: HttpApplication, options: NodeAdapterOptions & { transport?: Transport } = {}): Promise<Listening> {
  const adapter = new NodeAdapter(app, options);
  const server = (options.transport ?? 'sluice') === 'sluice'
    ? new Http1Server({}, (req, res) => adapter.handle(req, res))
    : createServer(nodeRequestOptions, (req, res) => adapter.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
