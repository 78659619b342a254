import Fastify from 'fastify';
import { benchRoutes } from '../routes.ts';
import { announce } from './announce.ts';

const app = Fastify({ logger: false });
for (const route of benchRoutes()) {
  app.get(route.path, async (request) => {
    if (route.path === '/hello') return { hello: 'world' };
    return { id: (request.params as { id?: string }).id ?? null, path: request.url };
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
announce(app.server.address());
