/**
 * Lists of items by a character code: the children of a tree node by the first character
 * of their segment. ASCII codes index an array, which the matcher reads faster than a
 * Map; other characters (UTF-8 routes) fall back to a Map.
 */
export class CharIndex<T> {
  readonly #ascii: Array<T[] | undefined> = new Array(128).fill(undefined);
  readonly #other = new Map<number, T[]>();

  get(code: number): T[] | undefined {
    return code < 128 ? this.#ascii[code] : this.#other.get(code);
  }

  add(code: number, item: T): void {
    const list = this.get(code);
    if (list !== undefined) list.push(item);
    else if (code < 128) this.#ascii[code] = [item];
    else this.#other.set(code, [item]);
  }

  values(): T[] {
    return [...this.#ascii.flatMap((list) => list ?? []), ...[...this.#other.values()].flat()];
  }
}
