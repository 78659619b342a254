import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import { DeprecationError } from '../../error-handler/deprecation-error.ts';
import type { LogsData } from './logger-data-collector.ts';

const missing = '/bundles/app/images/events/missing.JPG';

describe('LoggerDataCollector', () => {
  it('collects the entries of the request and of its sub-requests, the request\'s own first', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing, { referer: 'http://localhost/events' }));
    const data = (await app.profileOf(response)).getCollector<LogsData>('logs')!;
    const messages = data.entries.map((e) => e.message);
    const error = messages.findIndex((m) => m.startsWith('Uncaught Exception NotFoundHttpException'));
    const mainResponse = messages.findIndex((m) => m === 'Notified event "kernel.response" to listener "ResponseListener::onKernelResponse".');
    const subRequest = messages.findIndex((m, i) => i > error && m === 'Notified event "kernel.request" to listener "DebugHandlersListener::configure".');
    assert.ok(error > 0 && mainResponse > error && subRequest > mainResponse, 'main group (kernel.exception, response...) before the sub-request\'s');
  });

  it('is read before the logs are released at the end of kernel.terminate', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<LogsData>('logs')!;
    assert.ok(data.entries.some((e) => e.message === 'Matched route "home".'));
    assert.deepEqual(app.kernel.container.get('logger.debug').getTreeLogs(get('/')), []);
  });

  it('sorts entries into the info-and-errors, deprecations and debug tabs, and counts them', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing));
    const data = (await app.profileOf(response)).getCollector<LogsData>('logs')!;
    const error = data.entries.find((e) => e.level === 'ERROR')!;
    assert.equal(error.tab, 'info-errors');
    assert.equal(data.entries.find((e) => e.channel === 'event')!.tab, 'debug');
    assert.equal(data.counts.errors, 1);
    assert.equal(data.counts.debug, data.entries.filter((e) => e.tab === 'debug').length);
    assert.equal(data.counts.total, data.entries.length);
  });

  it('puts deprecation notices in the deprecations tab', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    // What the ErrorHandler writes for a deprecation notice.
    const php = app.kernel.logger('php');
    app.kernel.dispatcher.addListener('kernel.controller', () => php.info('User Deprecated: The "old" option is deprecated.', { exception: new DeprecationError('The "old" option is deprecated.') }), -200);
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<LogsData>('logs')!;
    const deprecation = data.entries.find((e) => e.message.includes('The "old" option is deprecated.'));
    assert.equal(deprecation?.tab, 'deprecations');
    assert.equal(data.counts.deprecations, 1);
  });

  it('fills placeholders and keeps the context as JSON', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<LogsData>('logs')!;
    const notified = data.entries.find((e) => e.channel === 'event')!;
    assert.equal(notified.message, 'Notified event "kernel.request" to listener "DebugHandlersListener::configure".');
    assert.deepEqual(notified.context, { event: 'kernel.request', listener: 'DebugHandlersListener::configure' });
    assert.deepEqual(data.channels, [...new Set(data.entries.map((e) => e.channel))].sort());
  });

  it('gives a sub-request\'s profile its own entries only', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing));
    const sub = (await app.load(response.headers.get('X-Previous-Debug-Token')!))!.getCollector<LogsData>('logs')!;
    assert.equal(sub.entries[0]?.message, 'Notified event "kernel.request" to listener "DebugHandlersListener::configure".');
    assert.ok(!sub.entries.some((e) => e.level === 'ERROR'));
  });

  it('stores the event dispatcher\'s lines short and reads them back whole, in their place', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!.collectors['logs'] as { entries: unknown[] };
    const data = (await app.load(token))!.getCollector<LogsData>('logs')!;
    assert.equal(data.entries.length, stored.entries.length);
    const short = stored.entries.filter((entry) => Array.isArray(entry)).length;
    assert.ok(short > 20 && short < stored.entries.length, `${short} of ${stored.entries.length} entries kept short`);
    const stopped = data.entries.find((e) => e.message.includes('stopped propagation'))!;
    assert.deepEqual(Object.entries(stopped), Object.entries({ level: 'DEBUG', levelValue: 100, time: stopped.time, channel: 'event', message: 'Listener "ErrorListener::onKernelException" stopped propagation of the event "kernel.exception".', context: { event: 'kernel.exception', listener: 'ErrorListener::onKernelException' }, tab: 'debug' }));
    stored.entries.forEach((entry, i) => {
      if (!Array.isArray(entry)) assert.deepEqual(data.entries[i], entry);
    });
  });

  it('stores the line of a listener the events panel lists as called as where it lists it, and reads it back with the same names', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!;
    const entries = (stored.collectors['logs'] as { entries: unknown[] }).entries;
    const shared = entries.filter((entry) => Array.isArray(entry) && typeof entry[2] === 'number');
    assert.ok(shared.length > 20, `${shared.length} lines point into the events panel's data`);
    assert.ok(!JSON.stringify(shared).includes('::'), 'no listener name kept twice');
    const data = (await app.load(token))!.getCollector<LogsData>('logs')!;
    const templates = ['Notified event "{event}" to listener "{listener}".', 'Listener "{listener}" stopped propagation of the event "{event}".', 'Listener "{listener}" was not called for event "{event}".'];
    entries.forEach((entry, i) => {
      if (!Array.isArray(entry) || typeof entry[2] !== 'number') return;
      const read = data.entries[i]!;
      const { event, listener } = read.context as { event: string; listener: string };
      assert.ok(event.startsWith('kernel.') && listener.includes('::'), `${event} ${listener}`);
      assert.deepEqual(Object.entries(read), Object.entries({ level: 'DEBUG', levelValue: 100, time: entry[0], channel: 'event', message: templates[entry[1] as number]!.replace('{event}', event).replace('{listener}', listener), context: { event, listener }, tab: 'debug' }));
    });
    const messages = data.entries.map((e) => e.message);
    assert.ok(messages.includes('Notified event "kernel.request" to listener "RouterListener::onKernelRequest".'));
    assert.ok(messages.includes('Listener "ErrorListener::onKernelException" stopped propagation of the event "kernel.exception".'));
  });

  it('reads the lines a profile stored with their names, and a line pointing where the events data lists nothing with none', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('logs')!;
    const counts = { errors: 0, warnings: 0, deprecations: 0, debug: 2, total: 2 };
    const notified = (event: string, listener: string) => ({ level: 'DEBUG', levelValue: 100, time: 1, channel: 'event', message: `Notified event "${event}" to listener "${listener}".`, context: { event, listener }, tab: 'debug' });
    const named = { entries: [[1, 0, 'a', 'b'], [1, 0, 0, 1]], counts, channels: ['event'] };
    const events = { requests: [{ label: 'GET /', token: 'abcdef', isMain: true, called: [['c', 'd', 0, 1, false], ['e', 'f', 0, 1, false]], notCalled: [], orphaned: [] }] };
    assert.deepEqual(collector.expand!(named, { events }), { entries: [notified('a', 'b'), notified('e', 'f')], counts, channels: ['event'] });
    assert.deepEqual(collector.expand!(named, {}), { entries: [notified('a', 'b'), notified('', '')], counts, channels: ['event'] });
  });

  it('reads entries a profile stored whole as they are, and a failure as it is', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('logs')!;
    const whole = { entries: [{ level: 'DEBUG', levelValue: 100, time: 1, channel: 'event', message: 'Notified event "a" to listener "b".', context: { event: 'a', listener: 'b' }, tab: 'debug' }], counts: { errors: 0, warnings: 0, deprecations: 0, debug: 1, total: 1 }, channels: ['event'] };
    assert.deepEqual(collector.expand!(whole, {}), whole);
    assert.deepEqual(collector.expand!({ error: 'Error: broken' }, {}), { error: 'Error: broken' });
  });
});
