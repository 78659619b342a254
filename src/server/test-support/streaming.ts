import assert from 'node:assert/strict';
import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits for `condition`, polling, for at most two seconds. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await sleep(10);
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** GETs `path` and calls `onFirst` when the first body chunk arrives; resolves with every chunk. */
export function firstChunkThen(port: number, path: string, onFirst: (res: IncomingMessage) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const chunks: string[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        chunks.push(chunk);
        if (chunks.length === 1) onFirst(res);
      });
      res.on('end', () => resolve(chunks));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** GETs `path` and hangs up as soon as the first body chunk arrives. */
export function leaveAfterFirstChunk(port: number, path: string): Promise<void> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.once('data', () => {
        res.destroy();
        resolve();
      });
    }).on('error', () => {});
  });
}
