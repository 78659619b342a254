// Started by cluster.test.ts as a child process: a two-worker cluster whose workers
// answer with their pid. The primary reports on stdout, one JSON object per line.
import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { Response } from '../../http/response.ts';
import { runCluster } from '../cluster.ts';
import { NodeServer } from '../node-server.ts';
import { FakeApplication } from './fake-application.ts';

const report = (data: Record<string, unknown>): boolean => process.stdout.write(`${JSON.stringify(data)}\n`);

if (cluster.isPrimary) cluster.on('listening', (worker, address) => report({ listening: address.port, pid: worker.process.pid }));

await runCluster({
  workers: 2,
  graceMs: 2_000,
  restartDelayMs: 50,
  logger: { critical: (message, context) => report({ critical: message, context: { pid: context?.pid } }) },
  start: async () => {
    const app = new FakeApplication(async (request) => {
      if (request.rawPath === '/crash') process.exit(1);
      if (request.rawPath === '/slow') await sleep(400);
      return new Response(String(process.pid));
    });
    const server = new NodeServer({ app });
    await server.listen({ port: 0, host: '127.0.0.1' });
    return server;
  },
});

if (cluster.isPrimary) report({ stopped: true });
