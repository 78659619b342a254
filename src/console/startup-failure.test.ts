import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startupFailureLine } from './startup-failure.ts';

const esbuildDump = `
node:internal/modules/run_main:123
    triggerUncaughtException(
    ^
Error: Transform failed with 1 error:
/repo/app/src/bad.ts:1:18: ERROR: Unexpected ";"
    at failureErrorWithLog (/repo/node_modules/esbuild/lib/main.js:1752:15)
    at Socket.emit (node:events:524:28) {
  errors: [
    {
      location: { column: 18, file: '/repo/app/src/bad.ts', line: 1, lineText: 'export const x = (;' },
      text: 'Unexpected ";"'
    }
  ],
  warnings: []
}

Node.js v20.20.2
`;

describe('startupFailureLine', () => {
  it('reduces an esbuild compile error dump to file:line:column and the message', () => {
    assert.equal(startupFailureLine(esbuildDump, '/repo'), 'app/src/bad.ts:1:18: Unexpected ";"');
  });

  it('keeps the error line of another failure, paths relative to the project', () => {
    const dump = 'file:///repo/app/src/x.ts:3\nimport { nope } from "./y.ts";\n         ^^^^\nSyntaxError: The requested module \'file:///repo/app/src/y.ts\' does not provide an export named \'nope\'\n    at ModuleJob._instantiate (node:internal/modules/esm/module_job:180:21)\n\nNode.js v20.20.2\n';
    assert.equal(startupFailureLine(dump, '/repo'), "SyntaxError: The requested module 'app/src/y.ts' does not provide an export named 'nope'");
  });

  it('falls back to the last line written', () => {
    assert.equal(startupFailureLine('something odd\nexit now\n', '/repo'), 'exit now');
  });
});
