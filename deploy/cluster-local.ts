import { LocalCluster } from './local-cluster.ts';

// `npm run cluster:local`: N instances (CLUSTER_INSTANCES, default 3) on the ports after
// PORT, behind nginx on http://127.0.0.1:${PORT:-8080}, against DATABASE_URL and
// REDIS_URL (default: the local PostgreSQL test database and Redis). Ctrl-C or SIGTERM
// stops them all. docs/deployment.md explains it.
const port = Number(process.env.PORT ?? 8080);
const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
if (!Number.isSafeInteger(port) || port <= 0 || port + count > 65535) fail(`PORT must be a port number, "${process.env.PORT}" given.`);
if (!Number.isSafeInteger(count) || count < 1) fail(`CLUSTER_INSTANCES must be a positive whole number, "${process.env.CLUSTER_INSTANCES}" given.`);

const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const { PORT: _port, ...inherited } = process.env;
process.stdout.write(` Migrating ${env.DATABASE_URL}, then starting ${count} instances on ports ${port + 1}-${port + count}...\n`);
let cluster: LocalCluster;
try {
  cluster = await LocalCluster.start({
    port,
    instancePorts: Array.from({ length: count }, (_, i) => port + 1 + i),
    env: { ...inherited, ...env },
    output: (source, line) => void process.stdout.write(`[${source}] ${line}\n`),
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
process.stdout.write(` [OK] ${count} instances behind nginx on ${cluster.url} (Ctrl-C to stop)\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\n Stopping the instances and nginx...\n');
    void cluster.close().then(() => process.exit(0));
  });
}

function fail(message: string): never {
  process.stderr.write(`cluster:local: ${message}\n`);
  process.exit(1);
}
