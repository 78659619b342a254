import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SluiceError } from '../exception/sluice-error.ts';

/** The framework's package.json (the one with a version: dist/ has a smaller one of its own). */
export interface SluicePackage {
  readonly root: string;
  readonly version: string;
  readonly devDependencies: Readonly<Record<string, string>>;
}

export function sluicePackage(from = fileURLToPath(import.meta.url)): SluicePackage {
  for (let dir = dirname(from); dirname(dir) !== dir; dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (!existsSync(path)) continue;
    const json = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version?: string; devDependencies?: Record<string, string> };
    if (json.name === 'sluice' && json.version !== undefined) return { root: dir, version: json.version, devDependencies: json.devDependencies ?? {} };
  }
  throw new SluiceError('SLUICE_PACKAGE_NOT_FOUND', { from });
}

/**
 * What a new application's package.json names as its `sluice` dependency: the same
 * Sluice this command runs from. Installed from a tarball (`npx --package=./sluice-4.4.0.tgz
 * sluice new my-app`), the tarball, by its absolute path, as the installing npm recorded
 * it (the lock file of the directory holding node_modules/sluice, or its package.json);
 * otherwise the registry's release of this version. `given` (`--sluice=<spec>`) wins; a
 * relative `file:` path in it is made absolute, since the application lives elsewhere.
 */
export function sluiceDependency(pkg: SluicePackage, given?: string, cwd = process.cwd()): string {
  if (given !== undefined) return absoluteFileSpec(given, cwd);
  const installed = installedFrom(pkg.root);
  return installed ?? `^${pkg.version}`;
}

function installedFrom(root: string): string | undefined {
  if (basename(dirname(root)) !== 'node_modules') return undefined;
  const installDir = dirname(dirname(root));
  const lock = readJson(join(installDir, 'node_modules', '.package-lock.json')) ?? readJson(join(installDir, 'package-lock.json'));
  const packages = lock?.packages as Record<string, { resolved?: string }> | undefined;
  const resolved = packages?.[`node_modules/${basename(root)}`]?.resolved;
  if (resolved?.startsWith('file:')) return absoluteFileSpec(resolved, installDir);
  const declared = (readJson(join(installDir, 'package.json'))?.dependencies as Record<string, string> | undefined)?.sluice;
  if (declared?.startsWith('file:')) return absoluteFileSpec(declared, installDir);
  return undefined;
}

/** `file:x.tgz`, `./x.tgz`, `/abs/x.tgz` → `file:/abs/x.tgz`; a version range or a tag as it is. */
function absoluteFileSpec(spec: string, base: string): string {
  const isPath = spec.startsWith('.') || spec.startsWith('/') || spec.endsWith('.tgz');
  if (!spec.startsWith('file:') && !isPath) return spec;
  const path = spec.replace(/^file:/, '');
  return `file:${isAbsolute(path) ? path : resolve(base, path)}`;
}

function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}
