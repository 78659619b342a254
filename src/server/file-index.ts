import { readdir, realpath, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { join, sep } from 'node:path';

export interface FileIndexOptions {
  /** How often the tree is walked again, in ms; 0 never (call `refresh()` yourself). Default 2000. */
  refreshMs?: number;
  /**
   * Directories outside the root that a symlink under it may lead into (the bundles'
   * public directories, which assets:install --symlink links to). A symlink that leads
   * anywhere else outside the root is not followed.
   */
  symlinkTargets?: readonly string[];
}

/** Deep enough for any asset tree; a bound so a strange mount cannot make the walk endless. */
const maxDepth = 32;

/**
 * The regular files under a directory, as `/`-joined relative paths, so that asking
 * "is this a file?" costs a Set lookup instead of a stat: the question is asked for every
 * request, and most of the answers are "no". A stat per request would cost a system call
 * on the event loop (statSync) or a trip through libuv's small thread pool, shared with
 * every other file read (fs.promises.stat); a Set lookup costs neither. The walk that
 * builds the set runs asynchronously, off the request path.
 *
 * Dotfiles and names holding a backslash are left out, so they can never be served.
 * Symlinks are followed when they lead inside the root or into one of `symlinkTargets`
 * (assets installed with `--symlink` point outside the directory), never elsewhere (a
 * link to /etc is no way out); a link back to one of its own ancestors is not entered twice.
 * A file added on disk is seen after the next walk; a removed one is caught by the
 * server's own stat when it tries to send it.
 */
export class FileIndex {
  readonly root: string;
  #files = new Set<string>();
  /** The real paths files may lie under (the root's and the symlink targets'), as of the last walk. */
  #allowed: readonly string[] = [];
  #walking: Promise<void> | undefined;
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #symlinkTargets: readonly string[];

  constructor(root: string, options: FileIndexOptions = {}) {
    this.root = root;
    this.#symlinkTargets = options.symlinkTargets ?? [];
    const every = options.refreshMs ?? 2000;
    // unref: an index refreshing itself must not keep the process alive
    this.#timer = every > 0 ? setInterval(() => void this.refresh(), every).unref() : undefined;
  }

  has(relativePath: string): boolean {
    return this.#files.has(relativePath);
  }

  /** Whether the real path `real` lies where a served file may (see `symlinkTargets`). */
  allows(real: string): boolean {
    return isWithin(real, this.#allowed);
  }

  get size(): number {
    return this.#files.size;
  }

  /** Walks the tree again and swaps the new set in whole; one walk at a time. */
  refresh(): Promise<void> {
    this.#walking ??= collect(this.root, this.#symlinkTargets)
      .then(({ files, allowed }) => {
        this.#files = files;
        this.#allowed = allowed;
      })
      .finally(() => {
        this.#walking = undefined;
      });
    return this.#walking;
  }

  close(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }
}

/** The real paths of `directories` that exist, each ending in the path separator. */
export async function realDirectories(directories: readonly string[]): Promise<string[]> {
  const found = await Promise.all(directories.map((directory) => realpath(directory).then((real) => (real.endsWith(sep) ? real : real + sep), () => undefined)));
  return found.filter((real) => real !== undefined);
}

/** Whether the real path `real` is one of `directories` (as realDirectories gives them) or under one. */
export function isWithin(real: string, directories: readonly string[]): boolean {
  return directories.some((directory) => real.startsWith(directory) || real + sep === directory);
}

async function collect(root: string, symlinkTargets: readonly string[]): Promise<{ files: Set<string>; allowed: string[] }> {
  const files = new Set<string>();
  let rootReal: string;
  try {
    rootReal = await realpath(root);
  } catch {
    return { files, allowed: [] };
  }
  const allowed = await realDirectories([rootReal, ...symlinkTargets]);
  const visit = async (dir: string, prefix: string, ancestors: readonly string[]): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.') || name.includes('\\')) continue;
      const path = join(dir, name);
      let isFile = entry.isFile();
      let isDirectory = entry.isDirectory();
      let real = join(ancestors.at(-1)!, name);
      if (entry.isSymbolicLink()) {
        try {
          const target = await stat(path);
          isFile = target.isFile();
          isDirectory = target.isDirectory();
          real = await realpath(path);
        } catch {
          continue; // a dangling link
        }
        if (!isWithin(real, allowed)) continue;
      }
      if (isFile) files.add(prefix + name);
      else if (isDirectory && ancestors.length < maxDepth && !ancestors.includes(real)) {
        await visit(path, `${prefix}${name}/`, [...ancestors, real]);
      }
    }
  };
  await visit(root, '', [rootReal]);
  return { files, allowed };
}
