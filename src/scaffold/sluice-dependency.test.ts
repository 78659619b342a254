import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sluiceDependency, sluicePackage, type SluicePackage } from './sluice-dependency.ts';

const work = mkdtempSync(join(tmpdir(), 'sluice-dependency-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A package installed the way npx installs one: <dir>/node_modules/sluice, with npm's lock beside it. */
function installed(dir: string, lock: object | undefined, declared?: string): SluicePackage {
  const root = join(work, dir, 'node_modules', 'sluice');
  mkdirSync(root, { recursive: true });
  if (lock !== undefined) writeFileSync(join(work, dir, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: lock }));
  if (declared !== undefined) writeFileSync(join(work, dir, 'package.json'), JSON.stringify({ dependencies: { sluice: declared } }));
  return { root, version: '4.4.0', devDependencies: {} };
}

describe('the sluice dependency of a new application', () => {
  it('is the tarball npx installed this package from, by its absolute path', () => {
    const pkg = installed('npx-a', { 'node_modules/sluice': { version: '4.4.0', resolved: 'file:../../build/sluice-4.4.0.tgz' } });
    // npm records the path relative to the directory holding node_modules.
    assert.equal(sluiceDependency(pkg), `file:${resolve(work, 'npx-a', '../../build/sluice-4.4.0.tgz')}`);
  });

  it('falls back to the installing package.json when there is no lock', () => {
    const pkg = installed('npx-b', undefined, 'file:/srv/sluice-4.4.0.tgz');
    assert.equal(sluiceDependency(pkg), 'file:/srv/sluice-4.4.0.tgz');
  });

  it('is the registry release of the version when installed from the registry', () => {
    const pkg = installed('npx-c', { 'node_modules/sluice': { version: '4.4.0', resolved: 'https://registry.example/sluice/-/sluice-4.4.0.tgz' } });
    assert.equal(sluiceDependency(pkg), '^4.4.0');
  });

  it('is what --sluice gives, a relative path made absolute', () => {
    const pkg = installed('npx-d', undefined);
    assert.equal(sluiceDependency(pkg, '~4.4.0'), '~4.4.0');
    assert.equal(sluiceDependency(pkg, 'file:dist/sluice.tgz', '/home/me'), 'file:/home/me/dist/sluice.tgz');
    assert.equal(sluiceDependency(pkg, '../sluice-4.4.0.tgz', '/home/me'), 'file:/home/sluice-4.4.0.tgz');
  });

  it('reads the version from the package.json that has one', () => {
    const pkg = sluicePackage();
    assert.equal(pkg.version, '4.4.0');
    assert.ok(pkg.devDependencies.typescript !== undefined);
  });
});
