import type { LogContext } from './log-record.ts';

interface Node {
  readonly next: Map<string, Node>;
  text: string | undefined;
}

/** Longer values are worked out each time rather than kept. */
const maxValueLength = 256;

/**
 * Text worked out from a log message and its context (a dev.log line's message and
 * context, a Logs tab row's cells), kept for contexts of one to four short strings: most
 * of what a debug request logs is the event dispatcher's "Notified event ... to listener
 * ..." lines, the same few dozen pairs of event and listener request after request, each
 * filled, normalized and encoded anew. Strings are shown as they are, so such text
 * depends on the message and the context's keys and values only.
 *
 * Looked up by the message, then each key and value in turn: they are mostly the same
 * string objects every time, whose hash is worked out once; a key made by joining them
 * was a new string to hash on every line. Like BoundedCache, it stops growing at `limit`
 * texts: the first seen, the hot ones, stay.
 */
export class FlatContextCache {
  readonly #root: Node = { next: new Map(), text: undefined };
  readonly #limit: number;
  #count = 0;

  constructor(limit = 1024) {
    this.#limit = limit;
  }

  text(message: string, context: LogContext, make: (message: string, context: LogContext) => string): string {
    let node = this.#step(this.#root, message);
    let count = 0;
    for (const name in context) {
      if (!Object.hasOwn(context, name)) continue;
      const value = context[name];
      if (typeof value !== 'string' || ++count > 4 || value.length > maxValueLength) return make(message, context);
      node = this.#step(this.#step(node, name), value);
    }
    if (count === 0) return make(message, context);
    if (node.text !== undefined) return node.text;
    const text = make(message, context);
    if (this.#count < this.#limit) {
      this.#count++;
      node.text = text;
    }
    return text;
  }

  /** The node after `key`, made on the way while there is room (one made without room is not kept). */
  #step(node: Node, key: string): Node {
    const next = node.next.get(key);
    if (next !== undefined) return next;
    const made: Node = { next: new Map(), text: undefined };
    if (this.#count < this.#limit) node.next.set(key, made);
    return made;
  }
}
