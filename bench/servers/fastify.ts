import Fastify from 'fastify';
import { benchRoutes, VALIDATE_PATH, validateJsonSchema } from '../routes.ts';
import { announce } from './announce.ts';

const app = Fastify({ logger: false });
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
