import Fastify from 'fastify';
import { benchRoutes, VALIDATE_PATH, validateJsonSchema } from '../routes.ts';
import { announce } from './announce.ts';

const app = Fastify({ logger: false });
// FASTIFY_HEADERS=sluice: the response headers our prod app sends on these routes besides
// Fastify's own (the request id echoed, two security headers, Vary for compression,
// Cache-Control), set by a hook as a Fastify application would set them for every route. It
// tells the cost of our kernel from the cost of the headers it sends, which node:http
// validates one by one.
if (process.env.FASTIFY_HEADERS === 'sluice') {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers({
      'x-request-id': request.id,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      vary: 'Accept-Encoding',
      'cache-control': 'no-cache, private',
    });
    done();
  });
}
for (const route of benchRoutes()) {
  app.get(route.path, async (request) => {
    if (route.path === '/hello') return { hello: 'world' };
    return { id: (request.params as { id?: string }).id ?? null, path: request.url };
  });
}
// Fastify validates with its JSON-schema compiler (ajv), the same rules as routes.ts's.
app.post(VALIDATE_PATH, { schema: { body: validateJsonSchema } }, async (request) => request.body);
await app.listen({ port: 0, host: '127.0.0.1' });
announce(app.server.address());
