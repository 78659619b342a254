// Every ```ts sample of the user guide (docs/*.md) compiles: each guide's samples are
// written into a project of their own and type-checked together, strictly, against the
// framework's sources (the `sluice-source` condition). A sample whose first line is a
// path comment (`// src/kernel.ts`) is written at that path, so the samples of one guide
// can import each other as the files of an application do.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const docs = join(root, 'docs');
// Inside the repository (var/ is ignored), as build.test.ts does: there `sluice` is the
// package's own name, and the samples import it as an application would, with no link.
mkdirSync(join(root, 'var'), { recursive: true });
const work = mkdtempSync(join(root, 'var', 'docs-samples-'));
after(() => rmSync(work, { recursive: true, force: true }));

interface Sample {
  readonly guide: string;
  readonly line: number;
  readonly path: string;
  readonly code: string;
}

/** The ```ts blocks of a guide, with where they are written. */
export function samplesOf(guide: string, text: string): Sample[] {
  const samples: Sample[] = [];
  const block = /^```ts\n([\s\S]*?)^```$/gm;
  for (const match of text.matchAll(block)) {
    const code = match[1]!;
    const line = text.slice(0, match.index).split('\n').length;
    const named = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.ts)\n/.exec(code);
    samples.push({ guide, line, path: named?.[1] ?? `sample-line-${line}.ts`, code });
  }
  return samples;
}

const guides = readdirSync(docs).filter((name) => name.endsWith('.md')).sort();
const samples = guides.flatMap((guide) => samplesOf(guide, readFileSync(join(docs, guide), 'utf8')));

describe('the user guide', () => {
  it('has a getting-started guide the README links to', () => {
    assert.ok(guides.includes('getting-started.md'));
    assert.match(readFileSync(join(root, 'README.md'), 'utf8'), /\]\(docs\/getting-started\.md\)/);
  });

  it('links only to guides that exist', () => {
    for (const guide of guides) {
      for (const [, target] of readFileSync(join(docs, guide), 'utf8').matchAll(/\]\(([\w-]+\.md)(?:#[\w-]*)?\)/g)) {
        assert.ok(guides.includes(target!), `${guide} links to ${target}, which does not exist`);
      }
    }
  });

  it('has TypeScript samples that all type-check, strictly', async () => {
    assert.ok(samples.length > 0, 'the guide has samples');
    for (const sample of samples) {
      const path = join(work, sample.guide.replace(/\.md$/, ''), sample.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, sample.code, { flag: 'wx' });
    }
    // All of src/ is in the program, first, as in the repository's own check: the services
    // the bundles declare in modules a sample does not import are then known, and a
    // sample's own `declare module 'sluice'` merges after them (the compiler, given the
    // sample first, lost the framework's declarations).
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
      extends: '../../tsconfig.json',
      include: ['../../src/**/*.ts', '*/**/*.ts'],
      exclude: ['../../src/**/*.test.ts'],
    }));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    try {
      await execFileAsync(process.execPath, [tsc, '-p', work], { cwd: work });
    } catch (error) {
      // Point at the guide's line rather than the temporary file.
      const output = String((error as { stdout: string }).stdout);
      const located = output.replace(/^([\w-]+)\/(\S+?)\((\d+),(\d+)\)/gm, (_, guide: string, path: string, line: string) => {
        const sample = samples.find((s) => s.guide === `${guide}.md` && s.path === path)!;
        return `docs/${guide}.md:${sample.line + Number(line)}`;
      });
      assert.fail(`samples of the guide do not compile:\n${located}`);
    }
  });
});
