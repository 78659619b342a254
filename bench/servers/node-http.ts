import { randomUUID } from 'node:crypto';
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

// NODE_HEADERS=sluice: the handler sends every header our prod app sends on these routes
// (bench/servers/fastify.ts's FASTIFY_HEADERS does the same for Fastify), with no framework
// around it. What node:http costs to send them is then a floor under any framework's count
// over node:http, ours included, that sends them.
const sluiceHeaders = process.env.NODE_HEADERS === 'sluice';
// Request ids in our format (a random UUID whose last digits count), made as cheaply as a
// counter allows, so the floor holds no more than the headers' own cost.
const idPrefix = randomUUID().slice(0, 30);
let sequence = 0;

function headers(status: number, type: string, length: number): Record<string, string | number> {
  if (!sluiceHeaders) return { 'content-type': type, 'content-length': length };
  const list: Record<string, string | number> = {
    'content-type': type,
    'content-length': length,
    'x-request-id': idPrefix + (sequence++).toString(16).padStart(6, '0'),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (status === 404) {
    // an error page also forbids framing and sets a content security policy
    list['content-security-policy'] = "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
    list['x-frame-options'] = 'DENY';
  }
  list.vary = 'Accept-Encoding';
  list['cache-control'] = 'no-cache, private';
  return list;
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const found = match(path);
  if (found === undefined) {
    res.writeHead(404, headers(404, 'text/plain', 9));
    res.end('Not Found');
    return;
  }
  const body = path === '/hello' ? '{"hello":"world"}' : JSON.stringify({ id: found.id ?? null, path });
  res.writeHead(200, headers(200, 'application/json', Buffer.byteLength(body)));
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => announce(server.address()));
