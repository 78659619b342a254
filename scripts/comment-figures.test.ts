// No comment under src/ quotes a measurement (an instruction count, a duration, a
// percentage, a rate or a memory size): such figures go stale at the next change, so the
// comment says the reason in words and the figure lives in bench/RESULTS.md, beside the
// commit it was measured on. Comments are found by TypeScript's own parser, so a figure
// inside a string or a regular expression is not a comment.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

/** What a measurement looks like in prose. */
const figures: readonly RegExp[] = [
  /\d\s*k?\s*instructions?\b/i,
  /\b\d+(?:\.\d+)?\s?k\b(?!\w)/, // "38.8 k", a count in thousands
  /\d\s*(?:µs|μs|ns|ms|s|sec|secs|seconds?|minutes?)\b/,
  /\d\s*%(?!\w)/, // not an IPv6 zone (`fe80::1%eth0`)
  /\b(?:req|requests?|ops)\s*\/\s*s(?:ec)?\b|\brequests? (?:per|a) second\b/i,
  /\d\s*(?:[KMGT]i?B|kB)\b/,
  // the same in words: "about a microsecond", "ten times slower", "a sixth of its instructions"
  /\b(?:a|one|two|ten|a few|half a) (?:micro|nano|milli)seconds?\b/i,
  /\b(?:twice|(?:two|three|four|five|six|seven|eight|nine|ten|a hundred|\d+) times) (?:slower|faster|more|less|as)\b/i,
  /\b(?:a|one|two) (?:third|quarter|fifth|sixth|tenth)s? of (?:its|the|a) (?:instructions|time|cpu|requests?)\b/i,
  /\b(?:a|one|two|ten|a few) (?:kilo|mega)bytes?\b/i,
];

/**
 * Comments that carry a figure which is not a measurement. Each entry is a file and a
 * fragment of the comment, with the reason it stays.
 */
const allowed: readonly { file: string; fragment: string; why: string }[] = [
  { file: 'src/console/run-server.ts', fragment: '200 3.1 ms`', why: 'a sample of the line the command prints' },
  { file: 'src/server/cluster.ts', fragment: '(plus 5 s)', why: 'a fixed grace the code applies' },
  { file: 'src/server/http1/drip.test.ts', fragment: 'drip 60 KB of pipelined', why: "the test's own load" },
  { file: 'src/server/node-server.ts', fragment: 'run up to 30 s late', why: "node's default sweep period, stated as its consequence" },
];


/** Every comment of a TypeScript source, with the line it starts on. */
export function commentsOf(path: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const comments: { line: number; text: string }[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      comments.push({ line, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return comments.sort((a, b) => a.line - b.line);
}

/**
 * An option's documented default ("Default 5 s", "150 ms by default") is part of its
 * contract, not a measurement: it changes with the code, in the same line.
 */
const optionDefault = /\b[Dd]efault(?: is)?:?\s+\d[^;,)]*|\d[^(;,]*\bby default\b/g;

/** The lines of a comment that quote a figure, with their offset from its first line. */
export function figuresIn(comment: string): { offset: number; text: string }[] {
  return comment
    .split('\n')
    .map((line, offset) => ({ offset, text: line.trim() }))
    .filter((line) => {
      const prose = line.text.replace(optionDefault, '');
      return figures.some((figure) => figure.test(prose));
    });
}

describe('comments under src/', () => {
  it('recognise a measurement and leave plain numbers alone', () => {
    assert.deepEqual(figuresIn('// from 38.8 k to 35.8 k instructions'), [
      { offset: 0, text: '// from 38.8 k to 35.8 k instructions' },
    ]);
    assert.deepEqual(figuresIn('/**\n * made every scavenge ten times slower\n */'), [
      { offset: 1, text: '* made every scavenge ten times slower' },
    ]);
    assert.equal(figuresIn('/* about 300 ns */').length, 1);
    assert.equal(figuresIn('// 5-10 % of a request').length, 1);
    assert.equal(figuresIn('// 48000 req/s').length, 1);
    assert.equal(figuresIn('// about 8 MB of memory').length, 1);
    assert.deepEqual(figuresIn('// RFC 9110 §15.5.6: answer 405 with an Allow header'), []);
    assert.deepEqual(figuresIn('// the first 2 segments, then the 3rd'), []);
    assert.deepEqual(figuresIn('/** Idle time allowed, in ms. Default 5 s; 0 keeps it open. */'), []);
    assert.deepEqual(figuresIn('// checked on this period (30 s by default)'), []);
    assert.equal(figuresIn('/** Default 5 s; a walk takes 30 ms */').length, 1);
  });

  it('finds comments and not strings that look like them', () => {
    const found = commentsOf('x.ts', "const a = '// 5 %'; // why\n/** doc */\nfunction f() {}\n");
    assert.deepEqual(found.map((c) => c.text), ['// why', '/** doc */']);
  });

  it('quote no instruction count, duration, percentage, rate or memory size', () => {
    const offending: string[] = [];
    const used = new Set<(typeof allowed)[number]>();
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .map((name) => `src/${name.split('\\').join('/')}`)
      .filter((path) => path.endsWith('.ts'))
      .sort();
    for (const path of sources) {
      const file = path;
      for (const comment of commentsOf(path, readFileSync(file, 'utf8'))) {
        for (const line of figuresIn(comment.text)) {
          const allow = allowed.find((a) => a.file === path && line.text.includes(a.fragment));
          if (allow) used.add(allow);
          else offending.push(`${path}:${comment.line + line.offset}: ${line.text}`);
        }
      }
    }
    assert.deepEqual(offending, [], 'say the reason in words; figures belong in bench/RESULTS.md');
    assert.deepEqual(
      allowed.filter((a) => !used.has(a)).map((a) => `${a.file}: ${a.fragment}`),
      [],
      'an allow-list entry that no longer matches must go',
    );
  });
});
