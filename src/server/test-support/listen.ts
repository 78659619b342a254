import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeAdapter, type NodeAdapterOptions } from '../node-adapter.ts';
import type { HttpApplication } from '../http-application.ts';

export interface Listening {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** A bare node:http server on 127.0.0.1 and a free port, answering through a NodeAdapter. */
export async function listen(app: HttpApplication, options: NodeAdapterOptions = {}): Promise<Listening> {
  const adapter = new NodeAdapter(app, options);
  const server = createServer((req, res) => void adapter.handle(req, res));
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
