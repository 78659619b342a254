import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on: taken from the system, then released.
 * For a server a test starts in another process, or for an address that refuses
 * connections (an unreachable database).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
