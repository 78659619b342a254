import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { stderrLogger, type CriticalLogger } from './critical-logger.ts';

/** What a worker's `start` returns: a NodeServer, or anything that closes like one. */
export interface Closable {
  close(graceMs?: number): Promise<void>;
}

export interface ClusterOptions {
  /** Worker processes; default one per available CPU. */
  workers?: number;
  /** Runs in each worker: starts serving and returns what shutdown closes. */
  start: () => Closable | Promise<Closable>;
  /** Handed to each worker's `close`; a worker still alive this long after it (plus 5 s) is killed. Default 10 s. */
  graceMs?: number;
  /** The first wait before replacing a dead worker; doubled at each death in a row. Default 100 ms. */
  restartDelayMs?: number;
  /** The longest wait before replacing a dead worker. Default 10 s. */
  maxRestartDelayMs?: number;
  logger?: CriticalLogger;
}

const shutdownMessage = 'sluice:shutdown';
/** A worker that lived this long died of something new: the back-off starts over. */
const stableMs = 10_000;

/**
 * Serves with several processes through node:cluster. In the primary it forks the
 * workers, replaces one that dies unexpectedly (with a growing delay, so a worker that
 * cannot start does not fork in a tight loop), and on SIGTERM or SIGINT asks each to close
 * gracefully (a second signal kills them); it resolves once they have all exited. In a worker it runs `start` and
 * resolves; shutdown (asked by the primary, or a signal of its own) closes and exits.
 */
export async function runCluster(options: ClusterOptions): Promise<void> {
  if (cluster.isPrimary) await runPrimary(options);
  else await runWorker(options);
}

function runPrimary(options: ClusterOptions): Promise<void> {
  const logger = options.logger ?? stderrLogger;
  const graceMs = options.graceMs ?? 10_000;
  const firstDelay = options.restartDelayMs ?? 100;
  const maxDelay = options.maxRestartDelayMs ?? 10_000;
  /** The live workers, with when each was forked. */
  const forkedAt = new Map<Worker, number>();
  const pending = new Set<NodeJS.Timeout>();
  let delay = firstDelay;
  let stopping = false;

  const fork = (): void => {
    forkedAt.set(cluster.fork(), Date.now());
  };

  return new Promise((resolve) => {
    const finishIfDone = (): void => {
      if (!stopping || forkedAt.size > 0) return;
      cluster.off('exit', onExit);
      process.off('SIGTERM', shutdown).off('SIGINT', shutdown);
      resolve();
    };
    const onExit = (worker: Worker, code: number | null, signal: string | null): void => {
      const lived = Date.now() - (forkedAt.get(worker) ?? 0);
      forkedAt.delete(worker);
      if (stopping) return finishIfDone();
      if (lived > stableMs) delay = firstDelay;
      logger.critical('Worker {pid} died ({reason}); a new one starts in {delay} ms.', { pid: worker.process.pid, reason: signal ?? `exit code ${code}`, delay });
      const timer = setTimeout(() => {
        pending.delete(timer);
        fork();
      }, delay);
      pending.add(timer);
      delay = Math.min(delay * 2, maxDelay);
    };
    const shutdown = (): void => {
      if (stopping) {
        // a second Ctrl-C means "now"
        for (const worker of forkedAt.keys()) worker.process.kill('SIGKILL');
        return;
      }
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      for (const worker of forkedAt.keys()) {
        if (worker.isConnected()) worker.send(shutdownMessage);
        // unref: the kill is a last resort, it must not keep the primary alive by itself
        setTimeout(() => worker.isDead() || worker.process.kill('SIGKILL'), graceMs + 5_000).unref();
      }
      finishIfDone();
    };
    cluster.on('exit', onExit);
    process.on('SIGTERM', shutdown).on('SIGINT', shutdown);
    const count = options.workers ?? availableParallelism();
    for (let i = 0; i < count; i++) fork();
  });
}

async function runWorker(options: ClusterOptions): Promise<void> {
  const logger = options.logger ?? stderrLogger;
  let server: Closable;
  try {
    server = await options.start();
  } catch (error) {
    logger.critical('Worker {pid} could not start: {reason}', { pid: process.pid, reason: String(error), exception: error });
    process.exit(1);
  }
  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    try {
      await server.close(options.graceMs ?? 10_000);
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (message) => message === shutdownMessage && void close());
  // Ctrl-C reaches every process of the group, workers included: they close the same way.
  process.on('SIGTERM', () => void close()).on('SIGINT', () => void close());
}
