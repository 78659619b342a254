import express from 'express';
import { benchRoutes } from '../routes.ts';
import { announce } from './announce.ts';

const app = express();
app.disable('x-powered-by');
for (const route of benchRoutes()) {
  app.get(route.path, (req, res) => {
    if (route.path === '/hello') res.json({ hello: 'world' });
    else res.json({ id: req.params.id ?? null, path: req.path });
  });
}
const server = app.listen(0, '127.0.0.1', () => announce(server.address()));
