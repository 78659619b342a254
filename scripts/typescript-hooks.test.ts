import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
// @ts-expect-error: a plain .mjs module without type declarations
import { load } from './typescript-hooks.mjs';

type Load = (url: string, context: object, nextLoad: (url: string, context: object) => unknown) => Promise<{ format: string; source: string }>;

async function transformed(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-loader-'));
  try {
    const file = join(dir, 'sample.ts');
    writeFileSync(file, source);
    const result = await (load as Load)(pathToFileURL(file).href, {}, () => assert.fail('a .ts file is not handed on'));
    assert.equal(result.format, 'module');
    return result.source;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the TypeScript loader', () => {
  it('keeps names without wrapping functions in __name() (which sent V8 into re-optimization loops)', async () => {
    const code = await transformed('export class Event { constructor(readonly name: string) {} }\nexport const make = () => (x: number) => x + 1;\n');
    assert.doesNotMatch(code, /__name\(/);
    assert.match(code, /class Event/);
  });

  it('gives class fields assignment semantics, as tsconfig.json says', async () => {
    const code = await transformed('export class A { count = 0; }\n');
    assert.match(code, /this\.count = 0/);
  });

  it('strips types and carries an inline source map naming the .ts file', async () => {
    const code = await transformed('export function add(a: number, b: number): number { return a + b; }\n');
    assert.doesNotMatch(code, /: number/);
    const map = JSON.parse(Buffer.from(/sourceMappingURL=data:application\/json;base64,(\S+)/.exec(code)![1]!, 'base64').toString()) as { sources: string[]; sourcesContent?: unknown };
    assert.match(map.sources[0]!, /sample\.ts$/);
    // Node parses every module's map at load: the sources' text would be a second copy of the code in memory.
    assert.equal(map.sourcesContent, undefined);
  });

  it('leaves JavaScript and dependencies to Node', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const handedOn: string[] = [];
    const next = (url: string): unknown => (handedOn.push(url), { format: 'module', source: '' });
    await (load as Load)(pathToFileURL(join(here, 'run-tests.mjs')).href, {}, next);
    await (load as Load)(pathToFileURL(join(here, '..', 'node_modules', 'x', 'index.ts')).href, {}, next);
    assert.equal(handedOn.length, 2);
  });
});
