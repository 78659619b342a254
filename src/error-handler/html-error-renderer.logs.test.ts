import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { Request } from '../http/request.ts';
import { RequestStack } from '../http/request-stack.ts';
import { DebugLogger } from '../log/debug-logger.ts';
import { Logger } from '../log/logger.ts';
import { LogLevel, type LevelName } from '../log/level.ts';
import type { LogContext, LogRecord } from '../log/log-record.ts';
import { DeprecationError } from './deprecation-error.ts';
import { HtmlErrorRenderer } from './html-error-renderer.ts';

const at9h05m07s = new Date(2024, 0, 2, 9, 5, 7, 450).getTime();

function record(level: LevelName, channel: string, message: string, context: LogContext = {}): LogRecord {
  return { level, levelValue: LogLevel[level], time: at9h05m07s, channel, message, context };
}

const deprecation = record('INFO', 'php', 'User Deprecated: The "debug/DebugClassLoader" class is deprecated since Sluice 4.4.', {
  exception: new Error('deprecated'),
});
const notified = record('DEBUG', 'event', 'Notified event "{event}" to listener "{listener}".', {
  event: 'kernel.request',
  listener: 'App\\EventListener\\LocaleListener::onKernelRequest',
});
const uncaught = record('ERROR', 'request', 'Uncaught Exception NotFoundHttpException: "No route found" at src/a.ts line 3', {
  exception: new NotFoundHttpException('No route found'),
});
const warning = record('WARNING', 'app', 'Disk <almost> full & "hot"');

interface Row {
  status: string;
  level: string;
  channel: string;
  strong: string;
  time: string;
  channelCell: string;
  message: string;
  context: string;
}

const rowPattern =
  /<tr class="(status-[a-z]+)" data-level="([A-Z]+)" data-channel="([^"]*)"><td class="log-level"><strong>([A-Z]+)<\/strong><time>([^<]*)<\/time><\/td><td class="log-channel">(.*?)<\/td><td class="log-message">(.*?)<\/td><td class="log-context">(.*?)<\/td><\/tr>/gs;

function logsTab(records: readonly LogRecord[], errors = 0): string {
  const renderer = new HtmlErrorRenderer({ debug: true, logger: { getLogs: () => records, countErrors: () => errors } });
  const body = renderer.render(new NotFoundHttpException('No route found')).body;
  const start = body.indexOf('<section class="tab-panel" id="tab-logs">');
  assert.notEqual(start, -1, 'the page has a Logs tab');
  return body.slice(start, body.indexOf('</section>', start));
}

function rows(records: readonly LogRecord[]): Row[] {
  return [...logsTab(records).matchAll(rowPattern)].map(([, status, level, channel, strong, time, channelCell, message, context]) => ({
    status: status!, level: level!, channel: channel!, strong: strong!, time: time!, channelCell: channelCell!, message: message!, context: context!,
  }));
}

describe('the Logs tab of the debug page', () => {
  it('is a table with the header Level | Channel | Message', () => {
    const tab = logsTab([notified]);
    assert.match(tab, /<table class="logs">\n<thead>\n<tr><th>Level<\/th><th>Channel<\/th><th colspan="2">Message<\/th><\/tr>\n<\/thead>/);
  });

  it('has one row per record, in the order the logger gives them', () => {
    const all = rows([deprecation, notified, uncaught, warning]);
    assert.deepEqual(all.map((row) => `${row.channel}.${row.level}`), ['php.INFO', 'event.DEBUG', 'request.ERROR', 'app.WARNING']);
  });

  it('colours errors red, warnings yellow and everything else plainly', () => {
    const [, debug, error, warn] = rows([deprecation, notified, uncaught, warning]);
    assert.equal(error!.status, 'status-error');
    assert.equal(warn!.status, 'status-warning');
    assert.equal(debug!.status, 'status-normal');
  });

  it('colours an INFO "User Deprecated" row as a warning', () => {
    assert.equal(rows([deprecation])[0]!.status, 'status-warning');
  });

  it('colours a row as a warning when its exception is a deprecation', () => {
    const notice = new DeprecationError('Using WebServerBundle is deprecated.');
    assert.equal(rows([record('INFO', 'php', 'Deprecated bundle', { exception: notice })])[0]!.status, 'status-warning');
    const nodeDeprecation = Object.assign(new Error('Buffer() is deprecated'), { name: 'DeprecationWarning' });
    assert.equal(rows([record('NOTICE', 'php', 'Deprecated: {message}', { exception: nodeDeprecation })])[0]!.status, 'status-warning');
    assert.equal(rows([record('INFO', 'php', 'Something', { exception: new Error('x') })])[0]!.status, 'status-normal');
  });

  it('colours CRITICAL and above as errors', () => {
    assert.equal(rows([record('CRITICAL', 'request', 'Uncaught')])[0]!.status, 'status-error');
    assert.equal(rows([record('EMERGENCY', 'app', 'Down')])[0]!.status, 'status-error');
  });

  it('marks each row with its level and channel for filters and tools', () => {
    const [row] = rows([uncaught]);
    assert.equal(row!.level, 'ERROR');
    assert.equal(row!.channel, 'request');
    assert.equal(row!.channelCell, 'request');
  });

  it('shows the level in bold and the local time as HH:MM:SS', () => {
    const [row] = rows([uncaught]);
    assert.equal(row!.strong, 'ERROR');
    assert.equal(row!.time, '09:05:07');
  });

  it('fills placeholders with the scalar context values', () => {
    assert.equal(
      rows([notified])[0]!.message,
      'Notified event &quot;kernel.request&quot; to listener &quot;App\\EventListener\\LocaleListener::onKernelRequest&quot;.',
    );
  });

  it('leaves placeholders of non-scalar values as written', () => {
    const matched = record('INFO', 'request', 'Matched route "{route}" with {route_parameters}.', { route: 'home', route_parameters: { _route: 'home' } });
    assert.equal(rows([matched])[0]!.message, 'Matched route &quot;home&quot; with {route_parameters}.');
  });

  it('escapes the message', () => {
    assert.equal(rows([warning])[0]!.message, 'Disk &lt;almost&gt; full &amp; &quot;hot&quot;');
  });

  it('shows the context as JSON indented by four spaces, an error as {}', () => {
    assert.equal(rows([uncaught])[0]!.context, '<pre>{\n    "exception": {}\n}</pre>');
    assert.equal(rows([deprecation])[0]!.context, '<pre>{\n    "exception": {}\n}</pre>');
  });

  it('shows the context with slashes unescaped and the text escaped for HTML', () => {
    const context = rows([record('DEBUG', 'event', 'x', { uri: 'http://localhost/a/b', html: '<b>' })])[0]!.context;
    assert.equal(context, '<pre>{\n    "uri": "http://localhost/a/b",\n    "html": "&lt;b&gt;"\n}</pre>');
  });

  it('shows listener names with their backslashes doubled, as JSON writes them', () => {
    assert.match(rows([notified])[0]!.context, /"listener": "App\\\\EventListener\\\\LocaleListener::onKernelRequest"/);
  });

  it('shows no context when the record has none', () => {
    assert.equal(rows([warning])[0]!.context, '');
    assert.doesNotMatch(logsTab([warning]), /<pre>/);
  });

  it('shows a context that contains itself instead of failing', () => {
    const loop: Record<string, unknown> = { id: 1 };
    loop['self'] = loop;
    assert.match(rows([record('DEBUG', 'app', 'x', { loop })])[0]!.context, /"self": "\[circular\]"/);
  });

  it('shows an error as {} in a context that contains itself too', () => {
    const loop: Record<string, unknown> = { exception: new TypeError('bad') };
    loop['self'] = loop;
    assert.equal(rows([record('DEBUG', 'app', 'x', { loop })])[0]!.context, '<pre>{\n    "loop": {\n        "exception": {},\n        "self": "[circular]"\n    }\n}</pre>');
  });

  it('leaves out the Channel column when the first record has no channel', () => {
    const tab = logsTab([record('INFO', '', 'No channel')]);
    assert.match(tab, /<tr><th>Level<\/th><th colspan="2">Message<\/th><\/tr>/);
    assert.doesNotMatch(tab, /log-channel/);
  });

  it('offers a filter by level, shown by the script', () => {
    assert.match(logsTab([notified]), /<div class="log-filters" hidden data-levels="Emergency,Alert,Critical,Error,Warning,Notice,Info,Debug"><\/div>/);
  });

  it('says so when there are no records', () => {
    assert.match(logsTab([]), /No log messages/);
  });

  it("shows, from inside the error sub-request, the main request's records then the sub-request's", () => {
    const requestStack = new RequestStack<Request>();
    const debugLogger = new DebugLogger(requestStack);
    const logger = new Logger('event', [debugLogger]);
    const main = Request.create('/missing');
    const sub = Request.create('/missing');
    const body = requestStack.runMain(main, () => {
      logger.withChannel('php').info('User Deprecated: old feature', { exception: new Error('old') });
      logger.withChannel('request').error('Uncaught Exception NotFoundHttpException', { exception: new NotFoundHttpException() });
      requestStack.push(sub);
      logger.debug('Notified event "{event}" to listener "{listener}".', { event: 'kernel.controller_arguments', listener: 'IsGrantedListener' });
      const renderer = new HtmlErrorRenderer({ debug: true, logger: debugLogger });
      const page = renderer.render(new NotFoundHttpException('No route found'), sub).body;
      logger.debug('Notified event "kernel.response" to listener "after".');
      requestStack.pop();
      return page;
    });
    const table = [...body.matchAll(rowPattern)].map(([, status, level, channel]) => `${status} ${channel}.${level}`);
    assert.deepEqual(table, ['status-warning php.INFO', 'status-error request.ERROR', 'status-normal event.DEBUG']);
    assert.match(body, /<a href="#tab-logs">Logs <span class="badge status-error">1<\/span><\/a>/);
  });
});
