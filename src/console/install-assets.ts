import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import type { Bundle } from '../kernel/bundle.ts';

export interface InstalledAssets {
  bundle: string;
  target: string;
  method: 'copy' | 'symlink';
  files: number;
}

/**
 * Puts each bundle's `Resources/public` at `<publicDir>/bundles/<short name>`, replacing
 * what was there: a copy, or a relative symlink (stays valid when the project moves).
 */
export function installAssets(bundles: readonly Bundle[], publicDir: string, symlink: boolean, progress?: (done: number, total: number) => void): InstalledAssets[] {
  const results: InstalledAssets[] = [];
  const bundlesDir = join(publicDir, 'bundles');
  for (const bundle of bundles) {
    const source = bundle.publicDir;
    if (source === undefined) continue;
    const target = join(bundlesDir, bundle.shortName);
    mkdirSync(bundlesDir, { recursive: true });
    if (existsSync(target) || isDanglingLink(target)) rmSync(target, { recursive: true, force: true });
    const files = countFiles(source);
    if (symlink) {
      symlinkSync(relative(dirname(target), source), target, 'dir');
    } else {
      let done = 0;
      cpSync(source, target, {
        recursive: true,
        filter: (src) => {
          if (lstatSync(src).isFile()) progress?.(++done, files);
          return true;
        },
      });
    }
    results.push({ bundle: bundle.name, target: relative(publicDir, target), method: symlink ? 'symlink' : 'copy', files });
  }
  return results;
}

/** Whether `dir` already holds the installed assets of every bundle that has some. */
export function assetsInstalled(bundles: readonly Bundle[], publicDir: string): boolean {
  return bundles.every((bundle) => bundle.publicDir === undefined || existsSync(join(publicDir, 'bundles', bundle.shortName)));
}

function isDanglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  }
  return count;
}
