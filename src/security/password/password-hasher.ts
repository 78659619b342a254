import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ServiceUnavailableHttpException } from '../../exception/service-unavailable-http-exception.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

export interface PasswordHasherOptions {
  /** log2 of scrypt's N (CPU and memory cost): each step up doubles the memory and time of a hash. */
  cost?: number;
  /** scrypt's r. */
  blockSize?: number;
  /** scrypt's p. */
  parallelization?: number;
  keyLength?: number;
  saltLength?: number;
  /**
   * Derivations run at once; default 2. scrypt runs in libuv's thread pool (4 threads by
   * default), which file reads share: a flood of logins must leave it threads.
   */
  maxConcurrent?: number;
  /** Derivations waiting for a turn; past them a login is answered 503 with Retry-After. Default 32. */
  maxWaiting?: number;
}

interface Parameters {
  version: number;
  cost: number;
  blockSize: number;
  parallelization: number;
}

interface ParsedHash extends Parameters {
  salt: Buffer;
  key: Buffer;
}

const VERSION = 1;
/** Longer inputs are refused before hashing: hashing megabytes on demand is a denial of service. */
export const MAX_PASSWORD_LENGTH = 4096;
const FORMAT = /^\$scrypt\$v=(\d+)\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

/**
 * Hashes passwords with scrypt from node:crypto (memory-hard, no native add-on) into a
 * self-describing string, `$scrypt$v=1$ln=15,r=8,p=1$<salt>$<key>` (base64 without
 * padding). The parameters travel with each hash, so raising the cost later still
 * verifies old hashes, and `needsRehash` says which to upgrade at the next login.
 */
export class PasswordHasher {
  readonly #params: Parameters;
  readonly #keyLength: number;
  readonly #saltLength: number;
  #unknownUserHash: Promise<string> | undefined;
  readonly #maxConcurrent: number;
  readonly #maxWaiting: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(options: PasswordHasherOptions = {}) {
    this.#params = { version: VERSION, cost: options.cost ?? 15, blockSize: options.blockSize ?? 8, parallelization: options.parallelization ?? 1 };
    this.#keyLength = options.keyLength ?? 32;
    this.#saltLength = options.saltLength ?? 16;
    this.#maxConcurrent = options.maxConcurrent ?? 2;
    this.#maxWaiting = options.maxWaiting ?? 32;
    if (!isSane(this.#params)) throw new SluiceError('SLUICE_INVALID_SCRYPT_PARAMETERS', {});
  }

  async hash(plain: string): Promise<string> {
    if (plain.length > MAX_PASSWORD_LENGTH) throw new SluiceError('SLUICE_PASSWORD_TOO_LONG', { max: MAX_PASSWORD_LENGTH });
    const { version, cost, blockSize, parallelization } = this.#params;
    const salt = randomBytes(this.#saltLength);
    const key = await this.#derive(plain, salt, this.#keyLength, this.#params);
    return `$scrypt$v=${version}$ln=${cost},r=${blockSize},p=${parallelization}$${b64(salt)}$${b64(key)}`;
  }

  /**
   * Whether `plain` matches `hashed`, compared in constant time. An unknown user
   * (`hashed` undefined) still costs one derivation, so the response time does not tell
   * which identifiers exist. A malformed hash is a mismatch, never an error.
   */
  async verify(hashed: string | undefined, plain: string): Promise<boolean> {
    if (hashed === undefined) {
      await this.verify(await (this.#unknownUserHash ??= this.hash('unknown user')), plain);
      return false;
    }
    if (plain.length > MAX_PASSWORD_LENGTH) return false;
    const parsed = parse(hashed);
    if (parsed === undefined) return false;
    const key = await this.#derive(plain, parsed.salt, parsed.key.length, parsed);
    return timingSafeEqual(key, parsed.key);
  }

  /** `derive` once a turn is free; refused (503) when too many already wait. */
  async #derive(plain: string, salt: Buffer, keyLength: number, p: Parameters): Promise<Buffer> {
    if (this.#running >= this.#maxConcurrent) {
      if (this.#waiting.length >= this.#maxWaiting) throw new ServiceUnavailableHttpException(1, 'Too many password checks at once; try again in a second.');
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await derive(plain, salt, keyLength, p);
    } finally {
      // the turn passes straight to the next waiter, or is given back
      const next = this.#waiting.shift();
      if (next !== undefined) next();
      else this.#running--;
    }
  }

  /** Whether `hashed` was made with other parameters than this hasher's (or is not one of its hashes). */
  needsRehash(hashed: string): boolean {
    const parsed = parse(hashed);
    if (parsed === undefined) return true;
    const p = this.#params;
    return parsed.version !== p.version || parsed.cost !== p.cost || parsed.blockSize !== p.blockSize
      || parsed.parallelization !== p.parallelization || parsed.key.length !== this.#keyLength;
  }
}

function parse(hashed: string): ParsedHash | undefined {
  const match = FORMAT.exec(hashed);
  if (match === null) return undefined;
  const [, version, cost, blockSize, parallelization, salt, key] = match;
  const parsed = { version: Number(version), cost: Number(cost), blockSize: Number(blockSize), parallelization: Number(parallelization) };
  if (parsed.version !== VERSION || !isSane(parsed)) return undefined;
  return { ...parsed, salt: Buffer.from(salt!, 'base64'), key: Buffer.from(key!, 'base64') };
}

/** Bounds that keep a tampered stored hash from asking for gigabytes of memory. */
function isSane(p: Parameters): boolean {
  return p.cost >= 1 && p.cost <= 20 && p.blockSize >= 1 && p.blockSize <= 32 && p.parallelization >= 1 && p.parallelization <= 16;
}

function derive(plain: string, salt: Buffer, keyLength: number, p: Parameters): Promise<Buffer> {
  const N = 2 ** p.cost;
  const options: ScryptOptions = { N, r: p.blockSize, p: p.parallelization, maxmem: 256 * N * p.blockSize + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, keyLength, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64').replace(/=+$/, '');
}
