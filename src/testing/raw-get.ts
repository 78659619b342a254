import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** What a raw GET received: the status, the headers, and the body exactly as sent. */
export interface RawAnswer {
  res: IncomingMessage;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET over a real socket, where fetch would get in the way: the path is sent exactly as
 * written (no URL normalization) and the body stays as sent (no content decoding).
 * `server` is a port on 127.0.0.1 or a base URL.
 */
export function rawGet(server: number | string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = typeof server === 'number' ? { hostname: '127.0.0.1', port: server } : new URL(server);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ res, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
