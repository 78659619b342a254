import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { makeRecord } from './log-handler.contract.test.ts';
import { formatLine, localDateTime } from './line-formatter.ts';
import { setProjectRoot } from './throwable-location.ts';

setProjectRoot(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));

// Local time, as the file shows it.
const tenOClock = new Date(2020, 0, 1, 10, 0, 0).getTime();

describe('formatLine', () => {
  it('writes an entry without context with [] for context and extra', () => {
    const record = makeRecord({ time: tenOClock, channel: 'php', message: 'User Deprecated: old.' });
    assert.equal(formatLine(record), '[2020-01-01 10:00:00] php.INFO: User Deprecated: old. [] []\n');
  });

  it('fills the placeholders and follows with the context as JSON', () => {
    const record = makeRecord({
      time: tenOClock,
      channel: 'request',
      message: 'Matched route "{route}".',
      context: {
        route: 'app_event_show',
        route_parameters: { _controller: 'App\\Controller\\DefaultController::show', id: '42' },
        request_uri: 'http://127.0.0.1:8799/events/42',
      },
    });
    assert.equal(
      formatLine(record),
      '[2020-01-01 10:00:00] request.INFO: Matched route "app_event_show". ' +
        '{"route":"app_event_show","route_parameters":{"_controller":"App\\\\Controller\\\\DefaultController::show","id":"42"},' +
        '"request_uri":"http://127.0.0.1:8799/events/42"} []\n',
    );
  });

  it('replaces the newlines of the message with spaces', () => {
    const record = makeRecord({ time: tenOClock, message: 'one\ntwo\r\nthree\rfour' });
    assert.equal(formatLine(record), '[2020-01-01 10:00:00] app.INFO: one two three four [] []\n');
  });

  it('writes one line even when the context holds an exception message with newlines', () => {
    const exception = new Error('first\nsecond');
    const line = formatLine(makeRecord({ levelValue: 400, level: 'ERROR', context: { exception } }));
    assert.equal(line.indexOf('\n'), line.length - 1);
    assert.match(line, / app\.ERROR: Something happened\. \{"exception":"\[object\] \(Error\(code: 0\): first\\nsecond at src\/log\/line-formatter\.test\.ts:\d+\)"\} \[\]\n$/);
  });

  it('writes lines with the same message and string context alike, and each other context its own way', () => {
    const line = (context: Record<string, unknown>): string => formatLine(makeRecord({ time: tenOClock, channel: 'event', level: 'DEBUG', levelValue: 100, message: 'Notified event "{event}" to listener "{listener}".', context }));
    const notified = '[2020-01-01 10:00:00] event.DEBUG: Notified event "kernel.request" to listener "A::b". {"event":"kernel.request","listener":"A::b"} []\n';
    assert.equal(line({ event: 'kernel.request', listener: 'A::b' }), notified);
    assert.equal(line({ event: 'kernel.request', listener: 'A::b' }), notified);
    assert.equal(line({ event: 'kernel.request', listener: 'A::c' }), notified.replaceAll('A::b', 'A::c'));
    // the same characters cut elsewhere between keys and values
    assert.equal(line({ event: 'kernel.request1:x', listener: 'A::b' }), '[2020-01-01 10:00:00] event.DEBUG: Notified event "kernel.request1:x" to listener "A::b". {"event":"kernel.request1:x","listener":"A::b"} []\n');
    assert.equal(line({ listener: 'A::b', event: 'kernel.request' }), '[2020-01-01 10:00:00] event.DEBUG: Notified event "kernel.request" to listener "A::b". {"listener":"A::b","event":"kernel.request"} []\n');
    assert.equal(line({ event: 'kernel.request', listener: 'A::b', count: 2 }), '[2020-01-01 10:00:00] event.DEBUG: Notified event "kernel.request" to listener "A::b". {"event":"kernel.request","listener":"A::b","count":2} []\n');
    assert.equal(line({ event: 'kernel.request', listener: 'one\ntwo' }), '[2020-01-01 10:00:00] event.DEBUG: Notified event "kernel.request" to listener "one two". {"event":"kernel.request","listener":"one\\ntwo"} []\n');
  });
});

describe('formatLine\'s start of a line', () => {
  it('writes each line\'s own time, channel and level, whatever lines came before', () => {
    const line = (time: number, channel: string, level: 'DEBUG' | 'INFO' | 'ERROR'): string => {
      const levelValue = { DEBUG: 100, INFO: 200, ERROR: 400 } as const;
      return formatLine(makeRecord({ time, channel, level, levelValue: levelValue[level], message: 'm' }));
    };
    const later = tenOClock + 1500;
    const sequence: Array<[number, string, 'DEBUG' | 'INFO' | 'ERROR', string]> = [
      [tenOClock, 'event', 'DEBUG', '[2020-01-01 10:00:00] event.DEBUG: m [] []\n'],
      [tenOClock + 999, 'event', 'DEBUG', '[2020-01-01 10:00:00] event.DEBUG: m [] []\n'],
      [tenOClock, 'event', 'INFO', '[2020-01-01 10:00:00] event.INFO: m [] []\n'],
      [tenOClock, 'request', 'DEBUG', '[2020-01-01 10:00:00] request.DEBUG: m [] []\n'],
      [later, 'event', 'DEBUG', '[2020-01-01 10:00:01] event.DEBUG: m [] []\n'],
      [tenOClock, 'event', 'DEBUG', '[2020-01-01 10:00:00] event.DEBUG: m [] []\n'],
      [later, 'request', 'ERROR', '[2020-01-01 10:00:01] request.ERROR: m [] []\n'],
    ];
    for (const [time, channel, level, expected] of sequence) assert.equal(line(time, channel, level), expected);
    for (let i = 0; i < 100; i++) assert.equal(line(later, `channel${i}`, 'INFO'), `[2020-01-01 10:00:01] channel${i}.INFO: m [] []\n`, 'as many channels as there are');
  });
});

describe('localDateTime', () => {
  it('pads months, days and times to two digits', () => {
    assert.equal(localDateTime(new Date(2021, 2, 4, 5, 6, 7, 890).getTime()), '2021-03-04 05:06:07');
  });

  it('formats each second afresh', () => {
    const base = new Date(2021, 11, 31, 23, 59, 59).getTime();
    assert.equal(localDateTime(base), '2021-12-31 23:59:59');
    assert.equal(localDateTime(base + 1000), '2022-01-01 00:00:00');
  });
});
