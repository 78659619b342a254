import { Writable } from 'node:stream';

/** A stream keeping what is written, with a wait for a pattern that resolves as soon as a write makes it match. */
export class OutputWatch extends Writable {
  text = '';
  readonly #waiters = new Set<() => void>();

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    for (const check of this.#waiters) check();
    callback();
  }

  /** The `times`-th match of `pattern` in everything written; fails after `timeoutMs` (a guard, not a pace). */
  waitFor(pattern: RegExp, times = 1, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const matches = [...this.text.matchAll(global)];
        if (matches.length < times) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(matches[times - 1]!);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`Timed out waiting for ${pattern} (x${times}); output:\n${this.text}`));
      }, timeoutMs);
      this.#waiters.add(check);
      check();
    });
  }
}
