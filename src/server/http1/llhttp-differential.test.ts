import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Llhttp, llhttpUnavailable } from '../test-support/llhttp.ts';
import { SluiceParser } from '../test-support/sluice-parser.ts';
import { compareOutcomes } from '../test-support/differential.ts';
import { generateCase } from '../test-support/request-generator.ts';

// Differential fuzzing: generated and mutated requests, cut into reads at random offsets,
// read by the Sluice server's connection and by llhttp (node:http's parser, in process,
// strict as node:http runs it). Release checks run longer:
// SLUICE_FUZZ_CASES=2000000 node scripts/run-tests.mjs llhttp-differential
// and SLUICE_FUZZ_SEED=n replays another run (a failure names its seed and case).

const cases = Number(process.env['SLUICE_FUZZ_CASES'] ?? 100_000);
const seed = Number(process.env['SLUICE_FUZZ_SEED'] ?? 0x5eed);

test(`the Sluice parser reads ${cases} generated requests as llhttp does, or refuses them for a stated reason`, { skip: llhttpUnavailable, timeout: 600_000 }, async (t) => {
  const llhttp = new Llhttp();
  const sluice = new SluiceParser();
  const stricter = new Map<string, number>();
  const started = Date.now();
  for (let index = 0; index < cases; index++) {
    const generated = generateCase(seed, index);
    const theirs = llhttp.parse(generated.chunks);
    // one case in eight lets the bodies' events run between reads, as a socket's reads come
    const ours = await sluice.parse(generated.chunks, index % 8 === 0);
    const verdict = compareOutcomes(ours, theirs, generated.bytes);
    if (verdict.disagreement !== undefined) {
      assert.fail(`seed ${seed} case ${index}: ${verdict.disagreement}\n  bytes ${JSON.stringify(generated.bytes.toString('latin1'))}\n  reads ${generated.chunks.map((chunk) => chunk.length).join('+')}`);
    }
    if (verdict.stricter !== undefined) {
      const reason = verdict.stricter.replace(/"[^"]*"/g, '"…"');
      stricter.set(reason, (stricter.get(reason) ?? 0) + 1);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  t.diagnostic(`${cases} cases in ${seconds.toFixed(1)} s (${Math.round(cases / seconds)} cases/s)`);
  for (const [reason, count] of stricter) t.diagnostic(`stricter than llhttp, ${count}×: ${reason}`);
});
