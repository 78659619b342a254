import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { benchRoutes } from '../routes.ts';
import { announce } from './announce.ts';

const app = new Hono();
for (const route of benchRoutes()) {
  app.get(route.path, (c) => (route.path === '/hello' ? c.json({ hello: 'world' }) : c.json({ id: c.req.param('id') ?? null, path: c.req.path })));
}
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce({ address: info.address, family: info.family, port: info.port }));
