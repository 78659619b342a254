// Every installed package must accept every Node the framework says it supports: a
// dependency that declares a newer Node makes `npm install` warn (EBADENGINE) and may use
// what the older Node lacks, so a mismatch is caught here rather than by a user. The
// supported Nodes are the lowest release of each major that package.json's own `engines`
// admits; the lock file records each package's declared `engines`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import semver from 'semver';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  dev?: boolean;
  optional?: boolean;
}

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockedPackage> };

/** The majors the README promises, each at the lowest release our own range admits. */
const supportedMajors = [20, 22, 24];
const lowestOf = (major: number): string => {
  const lowest = semver.minVersion(semver.intersects(manifest.engines.node, `^${major}.0.0`) ? `${manifest.engines.node} ^${major}.0.0` : `^${major}.0.0`);
  return lowest === null ? `${major}.0.0` : lowest.version;
};

describe('the installed dependencies', () => {
  it("admit every major the framework's own engines range admits", () => {
    for (const major of supportedMajors) {
      assert.ok(semver.intersects(manifest.engines.node, `^${major}.0.0`), `package.json's engines (${manifest.engines.node}) leave out Node ${major}`);
    }
  });

  for (const major of supportedMajors) {
    const node = lowestOf(major);
    it(`all accept Node ${node}, the lowest ${major}.x we support`, () => {
      const refusing: string[] = [];
      for (const [path, entry] of Object.entries(lock.packages)) {
        if (path === '' || entry.engines === undefined || Array.isArray(entry.engines)) continue;
        const range = entry.engines.node;
        if (range === undefined || semver.satisfies(node, range)) continue;
        refusing.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${range}`);
      }
      assert.deepEqual(refusing, []);
    });
  }
});
