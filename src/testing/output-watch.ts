import { Writable } from 'node:stream';
import type { ChildProcess } from 'node:child_process';

/**
 * A stream keeping what is written, with waits that resolve as soon as a write makes them
 * true: tests wait for what a server or command prints instead of for time. Once the
 * stream has ended, a wait that can no longer be met fails at once with the output so far.
 */
export class OutputWatch extends Writable {
  text = '';
  readonly #waiters = new Set<() => void>();
  #ended = false;

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    for (const check of this.#waiters) check();
    callback();
  }

  override _final(callback: () => void): void {
    this.#ended = true;
    for (const check of this.#waiters) check();
    callback();
  }

  /** What `find` finds in everything written, as soon as it finds something; fails after `timeoutMs` (a guard, not a pace). */
  waitUntil<T>(find: (text: string) => T | undefined, what = 'the expected output', timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const settle = (done: () => void): void => {
        this.#waiters.delete(check);
        clearTimeout(timer);
        done();
      };
      const check = (): void => {
        const found = find(this.text);
        if (found !== undefined) settle(() => resolve(found));
        else if (this.#ended) settle(() => reject(new Error(`The output ended before ${what}; output:\n${this.text}`)));
      };
      const timer = setTimeout(() => settle(() => reject(new Error(`Timed out waiting for ${what}; output:\n${this.text}`))), timeoutMs);
      this.#waiters.add(check);
      check();
    });
  }

  /** The `times`-th match of `pattern` in everything written. */
  waitFor(pattern: RegExp, times = 1, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    return this.waitUntil((text) => [...text.matchAll(global)][times - 1], `${pattern} (x${times})`, timeoutMs);
  }
}

/** A child process's output as it comes: stdout, stderr, and both interleaved in `all`. */
export interface WatchedProcess {
  readonly stdout: OutputWatch;
  readonly stderr: OutputWatch;
  readonly all: OutputWatch;
  /** The exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
}

/** Watches a process spawned with piped stdout and stderr; every watch ends when the process's streams close. */
export function watchProcess(child: ChildProcess): WatchedProcess {
  const stdout = new OutputWatch();
  const stderr = new OutputWatch();
  const all = new OutputWatch();
  for (const [source, watch] of [[child.stdout, stdout], [child.stderr, stderr]] as const) {
    if (source === null) throw new Error('watchProcess needs a process spawned with piped stdout and stderr');
    source.pipe(watch);
    source.on('data', (chunk: Buffer) => all.write(chunk));
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      all.end();
      resolve(code);
    });
  });
  return { stdout, stderr, all, exited };
}
