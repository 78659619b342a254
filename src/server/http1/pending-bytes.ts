/** The largest store kept once emptied. */
const largestKept = 16 * 1024;

/**
 * Bytes a connection received and has not read yet (the start of the next request, or
 * pipelined requests waiting their turn), kept in one buffer of their own that grows by
 * doubling, read from a cursor. Appending copies the new bytes only, so a request sent
 * one byte at a time costs time in proportion to its length, not to its length squared,
 * as re-joining everything pending on each read would.
 */
export class PendingBytes {
  #store: Buffer | undefined;
  #start = 0;
  #end = 0;

  get length(): number {
    return this.#end - this.#start;
  }

  get empty(): boolean {
    return this.#end === this.#start;
  }

  /** Copies `bytes` in after what is pending. */
  append(bytes: Uint8Array): void {
    const length = bytes.length;
    let store = this.#store;
    if (store === undefined || this.#end + length > store.length) {
      const live = this.#end - this.#start;
      if (store !== undefined && live + length <= store.length >> 1) {
        // half the store or less in use: move it to the front rather than grow
        store.copyWithin(0, this.#start, this.#end);
      } else {
        let size = store === undefined ? 1024 : store.length;
        while (size < live + length) size *= 2;
        // a buffer of its own (never a pool slice), so `holds` can tell its bytes by their ArrayBuffer
        const grown = Buffer.allocUnsafeSlow(size);
        if (store !== undefined) store.copy(grown, 0, this.#start, this.#end);
        store = grown;
        this.#store = store;
      }
      this.#start = 0;
      this.#end = live;
    }
    store.set(bytes, this.#end);
    this.#end += length;
  }

  /** The pending bytes, as a view that the next append or consume may overwrite. */
  view(): Buffer {
    return this.#store === undefined ? Buffer.alloc(0) : this.#store.subarray(this.#start, this.#end);
  }

  /** Drops the first `count` pending bytes. */
  consume(count: number): void {
    this.#start += count;
    if (this.#start >= this.#end) this.clear();
  }

  clear(): void {
    this.#start = 0;
    this.#end = 0;
    // a store grown by a burst of pipelined requests is not kept for the connection's life
    if (this.#store !== undefined && this.#store.length > largestKept) this.#store = undefined;
  }

  /** Whether `bytes` is a view into this buffer (and must be copied to outlive the next append). */
  holds(bytes: Uint8Array): boolean {
    return this.#store !== undefined && bytes.buffer === this.#store.buffer;
  }
}
