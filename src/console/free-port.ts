import { createServer } from 'node:net';

/** Whether nothing listens on `host:port` (by listening there for a moment). */
export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The first free port from `preferred` on (`attempts` of them), else 0 (the system picks
 * one). Another process may still take it before the server listens; the server then
 * fails to start and says so.
 */
export async function findFreePort(host: string, preferred: number, attempts = 20): Promise<number> {
  if (preferred === 0) return 0;
  for (let port = preferred; port < preferred + attempts && port <= 65535; port++) {
    if (await isPortFree(host, port)) return port;
  }
  return 0;
}
