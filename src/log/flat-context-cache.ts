import type { LogContext } from './log-record.ts';

interface Node {
  readonly next: Map<string, Node>;
  text: string | undefined;
}

/** Messages kept per frozen context: the event dispatcher logs three with each. */
const maxMessagesPerContext = 4;

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
  /**
   * Texts by frozen context, then message: the event dispatcher logs the same frozen
   * context object for every line of a listener, and a frozen object of strings cannot
   * come to say something else, so the object itself finds its text.
   */
  readonly #byFrozen = new WeakMap<object, Map<string, string>>();

  constructor(limit = 1024) {
    this.#limit = limit;
  }

  text(message: string, context: LogContext, make: (message: string, context: LogContext) => string): string {
    const known = this.#byFrozen.get(context)?.get(message);
    if (known !== undefined) return known;
    let node = this.#step(this.#root, message);
    let count = 0;
    for (const name in context) {
      if (!Object.hasOwn(context, name)) continue;
      const value = context[name];
      if (typeof value !== 'string' || ++count > 4 || value.length > maxValueLength) return make(message, context);
      node = this.#step(this.#step(node, name), value);
    }
    if (count === 0) return make(message, context);
    if (node.text !== undefined) return this.#rememberFrozen(context, message, node.text);
    const text = make(message, context);
    if (this.#count < this.#limit) {
      this.#count++;
      node.text = text;
      this.#rememberFrozen(context, message, text);
    }
    return text;
  }

  /**
   * Keeps `text` under a frozen context of a few short strings (as `text` checked), for a
   * few messages at most; not one with a getter, which could answer differently next time.
   */
  #rememberFrozen(context: LogContext, message: string, text: string): string {
    if (!Object.isFrozen(context) || !onlyValues(context)) return text;
    const byMessage = this.#byFrozen.get(context);
    if (byMessage === undefined) this.#byFrozen.set(context, new Map([[message, text]]));
    else if (byMessage.size < maxMessagesPerContext) byMessage.set(message, text);
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

function onlyValues(context: LogContext): boolean {
  for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(context))) if (!('value' in descriptor)) return false;
  return true;
}
