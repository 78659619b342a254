/** Colliding paths beyond this many go to a string-keyed Map instead of a list. */
const MAX_LIST = 4;

interface Bucket<T> {
  readonly paths: string[];
  readonly values: T[];
  overflow: Map<string, T> | null;
}

/**
 * A read-only map from paths to values, for the matcher's hot path.
 *
 * A Map keyed by the request's path must hash the whole string, and the path of every
 * request is a new string, so that hash is computed on every lookup; measured, it was a
 * quarter of a dynamic route lookup. This table keys its buckets by a number read from
 * a few characters (`sampleKey`) and then compares the candidates' strings, which stops
 * at the first difference. Its worst case stays bounded: a bucket with more than a few
 * colliding paths answers through an ordinary Map.
 */
export class PathTable<T> {
  readonly #buckets = new Map<number, Bucket<T>>();
  /** 1 for every length some path has: most other paths are turned away without reading them. */
  readonly #lengths: Uint8Array;

  constructor(entries: Iterable<readonly [string, T]>) {
    const all = [...entries];
    this.#lengths = new Uint8Array(Math.max(0, ...all.map(([path]) => path.length)) + 1);
    for (const [path, value] of all) {
      this.#lengths[path.length] = 1;
      const key = sampleKey(path, path.length);
      let bucket = this.#buckets.get(key);
      if (bucket === undefined) this.#buckets.set(key, (bucket = { paths: [], values: [], overflow: null }));
      bucket.paths.push(path);
      bucket.values.push(value);
    }
    for (const bucket of this.#buckets.values()) {
      if (bucket.paths.length > MAX_LIST) bucket.overflow = new Map(bucket.paths.map((path, i) => [path, bucket.values[i] as T]));
    }
  }

  /** The value for exactly `path`. */
  get(path: string): T | undefined {
    if (this.#lengths[path.length] !== 1) return undefined;
    const bucket = this.#buckets.get(sampleKey(path, path.length));
    if (bucket === undefined) return undefined;
    if (bucket.overflow !== null) return bucket.overflow.get(path);
    const paths = bucket.paths;
    for (let i = 0; i < paths.length; i++) if (paths[i] === path) return bucket.values[i];
    return undefined;
  }
}

const FNV_PRIME = 0x01000193;

/**
 * A number for the first `end` characters of `path`, from their count and five of them:
 * the last two and three spread over the rest. Each read costs (new strings are often
 * slices of the request line), and colliding paths are told apart by the comparison
 * that follows. Reads past either end give NaN, which `^` turns into 0.
 */
function sampleKey(path: string, end: number): number {
  let hash = end;
  hash = Math.imul(hash ^ path.charCodeAt(end - 1), FNV_PRIME);
  hash = Math.imul(hash ^ path.charCodeAt(end - 2), FNV_PRIME);
  hash = Math.imul(hash ^ path.charCodeAt(end >> 1), FNV_PRIME);
  hash = Math.imul(hash ^ path.charCodeAt(end >> 2), FNV_PRIME);
  hash = Math.imul(hash ^ path.charCodeAt((end * 3) >> 2), FNV_PRIME);
  return hash & 0x3fffffff;
}
