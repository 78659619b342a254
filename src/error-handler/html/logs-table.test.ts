import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LogRecord } from '../../log/log-record.ts';
import { prettyContext, renderLogsTable } from './logs-table.ts';

describe('prettyContext', () => {
  it('writes a context of plain values as four-space JSON', () => {
    assert.equal(prettyContext({ event: 'kernel.request', count: 2, ok: true, none: null }), '{\n    "event": "kernel.request",\n    "count": 2,\n    "ok": true,\n    "none": null\n}');
  });

  it('shows an error as {} and a bigint as text, at any depth', () => {
    assert.equal(prettyContext({ exception: new Error('x'), size: 10n }), '{\n    "exception": {},\n    "size": "10"\n}');
    assert.equal(prettyContext({ route: { id: 5n, cause: new TypeError('y') } }), '{\n    "route": {\n        "id": "5",\n        "cause": {}\n    }\n}');
  });

  it('leaves out undefined values as JSON does', () => {
    assert.equal(prettyContext({ a: undefined, b: 'kept' }), '{\n    "b": "kept"\n}');
  });
});

describe('prettyContext of one error', () => {
  it('writes it as the replacer makes it: an empty object under its key', () => {
    assert.equal(prettyContext({ exception: new Error('x') }), '{\n    "exception": {}\n}');
    assert.equal(prettyContext({ 'the "cause"': new TypeError('y') }), '{\n    "the \\"cause\\"": {}\n}');
  });

  it('leaves an error with its own toJSON to JSON', () => {
    const error = Object.assign(new Error('x'), { toJSON: () => 'as text' });
    assert.equal(prettyContext({ exception: error }), '{\n    "exception": "as text"\n}');
  });
});

describe('renderLogsTable rows', () => {
  const record = (level: LogRecord['level'], levelValue: number, channel: string, message: string): LogRecord => ({ level, levelValue: levelValue as LogRecord['levelValue'], time: 0, channel, message, context: {} });

  it('gives each row its own level, channel and class, the same markup each time', () => {
    const records = [record('ERROR', 400, 'request', 'a'), record('DEBUG', 100, 'event', 'b'), record('INFO', 200, 'php', 'User Deprecated: c'), record('DEBUG', 100, 'e<v>', 'd')];
    const table = renderLogsTable(records);
    assert.equal(renderLogsTable(records), table);
    const rows = [...table.matchAll(/<tr class="([^"]+)" data-level="([^"]+)" data-channel="([^"]+)"><td class="log-level"><strong>([^<]+)<\/strong><time>[^<]+<\/time><\/td><td class="log-channel">([^<]+)<\/td>/g)].map((m) => m.slice(1).join(' '));
    assert.deepEqual(rows, [
      'status-error ERROR request ERROR request',
      'status-normal DEBUG event DEBUG event',
      'status-warning INFO php INFO php',
      'status-normal DEBUG e&lt;v&gt; DEBUG e&lt;v&gt;',
    ]);
  });

  it('leaves the Channel cell out of the rows of a table without the column, after a table with it', () => {
    renderLogsTable([record('DEBUG', 100, 'event', 'with')]);
    const without = renderLogsTable([record('DEBUG', 100, '', 'first'), record('DEBUG', 100, 'event', 'later')]);
    assert.doesNotMatch(without, /log-channel/);
    assert.match(without, /<tr class="status-normal" data-level="DEBUG" data-channel="event"><td class="log-level"><strong>DEBUG<\/strong><time>[^<]+<\/time><\/td><td class="log-message">later/);
  });
});
