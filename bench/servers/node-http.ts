import { createServer } from 'node:http';
import { benchRoutes } from '../routes.ts';
import { announce } from './announce.ts';

// The baseline: node:http with a hand-written router (a Map for static paths, a
// segment walk for parametric ones), the same table as every other server.
const statics = new Map<string, string>();
const params: Array<{ segments: string[]; path: string }> = [];
for (const route of benchRoutes()) {
  if (route.kind === 'static') statics.set(route.path, route.path);
  else params.push({ segments: route.path.split('/'), path: route.path });
}

function match(path: string): Record<string, string> | undefined {
  if (statics.has(path)) return {};
  const parts = path.split('/');
  outer: for (const route of params) {
    if (route.segments.length !== parts.length) continue;
    const found: Record<string, string> = {};
    for (let i = 1; i < parts.length; i++) {
      const segment = route.segments[i]!;
      if (segment.startsWith(':')) found[segment.slice(1)] = parts[i]!;
      else if (segment !== parts[i]) continue outer;
    }
    return found;
  }
  return undefined;
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const found = match(path);
  if (found === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
    return;
  }
  const body = path === '/hello' ? '{"hello":"world"}' : JSON.stringify({ id: found.id ?? null, path });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => announce(server.address()));
