// docs/errors.md is generated from the framework's error-code registry
// (src/exception/error-codes.ts): one heading per code, whose anchor is the one
// SluiceError#docs names. This test fails when the two disagree; regenerate the page with
// `UPDATE_ERROR_DOCS=1 node scripts/run-tests.mjs error-codes-page`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { errorCodes, type SluiceErrorCode } from '../src/exception/error-codes.ts';
import { anchorOf, ERRORS_PAGE, SluiceError } from '../src/exception/sluice-error.ts';
import { SluiceError as PublicSluiceError, errorCodes as publicErrorCodes } from '../src/index.ts';

const page = new URL(`../${ERRORS_PAGE}`, import.meta.url);

/** The page as the registry describes it. */
export function errorsPage(): string {
  const codes = (Object.keys(errorCodes) as SluiceErrorCode[]).sort();
  const sections = codes.map((code) => {
    const { message, fix } = errorCodes[code];
    return `## ${code}\n\n<a id="${anchorOf(code)}"></a>\n\n\`\`\`text\n${message}\n\`\`\`\n\n${fix}\n`;
  });
  return (
    '# Error codes\n\n' +
    '<!-- Generated from src/exception/error-codes.ts by scripts/error-codes-page.test.ts; do not edit by hand. -->\n\n' +
    "Errors the framework throws for a mistake in the application or its configuration are `SluiceError`s: `error.code` is one of the codes below (stable, for tests and tools to match), `error.fix` says what to do and `error.docs` links here. `{name}` in a message stands for what the error names.\n\n" +
    "```ts\nimport { SluiceError } from 'sluice';\n\nexport function explain(error: unknown): string {\n  if (error instanceof SluiceError) return `${error.code}: ${error.fix} (see ${error.docs})`;\n  return String(error);\n}\n```\n\n" +
    `${codes.map((code) => `- [${code}](#${anchorOf(code)})`).join('\n')}\n\n` +
    sections.join('\n')
  );
}

describe('the error-code registry', () => {
  it('and docs/errors.md say the same', () => {
    const expected = errorsPage();
    if (process.env['UPDATE_ERROR_DOCS'] === '1') writeFileSync(page, expected);
    assert.equal(readFileSync(page, 'utf8'), expected, 'regenerate with UPDATE_ERROR_DOCS=1 node scripts/run-tests.mjs error-codes-page');
  });

  it('names every code SLUICE_ followed by upper-case words, each with a message and a fix', () => {
    for (const [code, { message, fix }] of Object.entries(errorCodes)) {
      assert.match(code, /^SLUICE_[A-Z0-9]+(?:_[A-Z0-9]+)*$/);
      assert.ok(message.length > 0 && fix.length > 0, code);
      assert.ok(fix.endsWith('.'), `${code}: the fix is a sentence`);
    }
  });

  it('throws errors that carry their code, the filled message, the fix and the page anchor', () => {
    const error = new SluiceError('SLUICE_UNKNOWN_SESSION_STORE', { store: 'mongo' });
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'SluiceError');
    assert.equal(error.code, 'SLUICE_UNKNOWN_SESSION_STORE');
    assert.equal(error.message, 'Unknown session store "mongo": use memory, file or redis.');
    assert.equal(error.fix, errorCodes.SLUICE_UNKNOWN_SESSION_STORE.fix);
    assert.equal(error.docs, 'docs/errors.md#sluice_unknown_session_store');
    assert.ok(readFileSync(page, 'utf8').includes(`<a id="sluice_unknown_session_store"></a>`));
  });

  it('keeps a cause', () => {
    const cause = new Error('not installed');
    assert.equal(new SluiceError('SLUICE_MISSING_DRIVER', { purpose: 'SQLite databases', name: 'better-sqlite3' }, { cause }).cause, cause);
  });

  it("is exported from 'sluice'", () => {
    assert.equal(PublicSluiceError, SluiceError);
    assert.equal(publicErrorCodes, errorCodes);
  });
});
