import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { appFiles, type AppFileOptions } from './app-files.ts';
import { appNames } from './class-name.ts';
import { ScaffoldError } from './scaffold-error.ts';

/**
 * `sluice new <dir>`: writes a new application into `dir`, which must not exist; its
 * name (the directory's) must make a package and a class name. Both are checked before
 * anything is written. Returns the files written, relative to `dir`.
 */
export function newApp(dir: string, options: AppFileOptions, cwd = process.cwd()): string[] {
  const target = resolve(cwd, dir);
  const names = appNames(basename(target));
  if (existsSync(target)) throw new ScaffoldError('SLUICE_APP_DIRECTORY_EXISTS', { dir });
  if (!existsSync(dirname(target))) throw new ScaffoldError('SLUICE_APP_PARENT_MISSING', { parent: dirname(dir) });
  const files = appFiles(names, options);
  for (const file of files) {
    const path = join(target, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content, { flag: 'wx' });
    if (file.executable === true) chmodSync(path, 0o755);
  }
  return files.map((file) => file.path);
}
