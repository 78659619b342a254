import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = resolve(appDir, '..', 'src');

function typescriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'var' || name === 'public') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typescriptFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

// Static imports, re-exports, dynamic imports and `declare module` augmentations.
const specifiers = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])([^'"]+)\1/g;

describe('The events application', () => {
  it('uses the framework only through the package surface (sluice and sluice/*), never by a relative path into src/', () => {
    const files = typescriptFiles(appDir);
    assert.ok(files.length > 20, 'the application has its modules');
    const reaching: string[] = [];
    for (const file of files) {
      for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
        if (!specifier!.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier!);
        if (!relative(srcDir, target).startsWith('..')) reaching.push(`${relative(appDir, file)}: ${specifier}`);
      }
    }
    assert.deepEqual(reaching, []);
  });
});
