import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { TooManyRequestsHttpException } from '../exception/too-many-requests-http-exception.ts';
import { Request } from '../http/request.ts';
import { SuspiciousOperationException } from '../http/exception/suspicious-operation-exception.ts';
import type { LogRecord } from '../log/log-record.ts';
import type { FlattenException } from './flatten-exception.ts';
import { HtmlErrorRenderer } from './html-error-renderer.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const thisFile = 'src/error-handler/html-error-renderer.test.ts';
const source = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
const markerLine = source.findIndex((text) => text.includes('page marker') && !text.includes('findIndex')) + 1;

class ResourceNotFoundError extends Error {}

function notFound(): NotFoundHttpException {
  const cause = new ResourceNotFoundError('No routes for "/missing".');
  return new NotFoundHttpException('No route found for "GET /missing" <b>', { cause }); // page marker
}

/** A prod renderer that counts the plain pages it builds. */
function countingRenderer(): { renderer: HtmlErrorRenderer; built: () => number } {
  let built = 0;
  class CountingRenderer extends HtmlErrorRenderer {
    protected override renderPlainPage(statusCode: number, statusText: string, charset: string): string {
      built++;
      return super.renderPlainPage(statusCode, statusText, charset);
    }
  }
  return { renderer: new CountingRenderer({ debug: false }), built: () => built };
}

const oneError: LogRecord = { level: 'ERROR', levelValue: 400, time: Date.now(), channel: 'request', message: 'Uncaught', context: {} };
const logger = (records: readonly LogRecord[], errors = 0) => ({ getLogs: () => records, countErrors: () => errors });

const debugPage = (error: Error, options: Partial<ConstructorParameters<typeof HtmlErrorRenderer>[0]> = {}) =>
  new HtmlErrorRenderer({ debug: true, projectRoot, ...options }).render(error).body;

describe('HtmlErrorRenderer in debug, for an error seen before', () => {
  // errors thrown at one place: their frames, traces and the page's head are kept
  const thrownHere = (message: string): Error => new NotFoundHttpException(message, { cause: new ResourceNotFoundError('cause') });

  it('shows in the Stack Trace tab the text of the chain, escaped', () => {
    const error = thrownHere('again <i>');
    const rendered = new HtmlErrorRenderer({ debug: true, projectRoot }).render(error);
    const tab = /<pre class="stacktrace">([^]*?)<\/pre>/.exec(rendered.body)![1];
    assert.equal(tab, rendered.flat.getAsString().replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'));
  });

  it('renders the same page for the same error at the same place, and names another message where it is shown', () => {
    const pages = ['kept message', 'kept message', 'another message'].map((message) => new HtmlErrorRenderer({ debug: true, projectRoot }).render(thrownHere(message)).body);
    assert.equal(pages[1], pages[0]);
    const named = (page: string, message: string): string[] => [`<!-- ${message} (404 Not Found) -->`, `<title>${message} (404 Not Found)</title>`, `<h1 class="exception-message">${message}</h1>`, `<p class="exception-message">${message}</p>`, `<pre class="stacktrace">NotFoundHttpException: ${message}\n`].filter((text) => page.includes(text));
    assert.equal(named(pages[0]!, 'kept message').length, 5);
    assert.equal(named(pages[2]!, 'another message').length, 5);
    assert.equal(named(pages[2]!, 'kept message').length, 0);
  });

  it('names the charset asked for, after a page in another', () => {
    const head = (charset: string) => new HtmlErrorRenderer({ debug: true, projectRoot, charset }).render(thrownHere('charset')).body.split('</head>')[0]!;
    assert.match(head('UTF-8'), /<meta charset="UTF-8">/);
    const latin = head('ISO-8859-1');
    assert.match(latin, /<meta charset="ISO-8859-1">/);
    assert.doesNotMatch(latin, /UTF-8/);
  });
});

describe('HtmlErrorRenderer in debug', () => {
  it('starts with a comment naming the message and status, HTML-escaped', () => {
    const body = debugPage(notFound());
    assert.ok(body.startsWith('<!-- No route found for &quot;GET /missing&quot; &lt;b&gt; (404 Not Found) -->\n'));
  });

  it('gives the title the same text', () => {
    const body = debugPage(notFound());
    assert.match(body, /<title>No route found for &quot;GET \/missing&quot; &lt;b&gt; \(404 Not Found\)<\/title>/);
  });

  it('shows the class, message, status code and text in the header', () => {
    const body = debugPage(notFound());
    assert.match(body, /<span class="status-code">404<\/span> <span class="status-text">Not Found<\/span>/);
    assert.match(body, /<h1 class="exception-message">No route found for &quot;GET \/missing&quot; &lt;b&gt;<\/h1>/);
    assert.match(body, /<p class="exception-class">NotFoundHttpException<\/p>/);
  });

  it('shows one block per exception of the cause chain, outermost first', () => {
    const body = debugPage(notFound());
    assert.match(body, /<a href="#tab-exceptions" class="active">Exceptions <span class="badge">2<\/span><\/a>/);
    const classes = [...body.matchAll(/<h3 class="exception-class">(.*?)<\/h3>/g)].map((m) => m[1]);
    assert.deepEqual(classes, [
      '<span class="exception-position">1/2</span> NotFoundHttpException',
      '<span class="exception-position">2/2</span> ResourceNotFoundError',
    ]);
    assert.match(body, /<p class="exception-message">No routes for &quot;\/missing&quot;.<\/p>/);
  });

  it('names a lone exception without a count', () => {
    assert.match(debugPage(new Error('alone')), /<a href="#tab-exceptions" class="active">Exception<\/a>/);
  });

  it('gives where the exception was created, relative to the project root', () => {
    assert.ok(debugPage(notFound()).includes(`<p class="exception-location">in <code>${thisFile}</code> line <code>${markerLine}</code></p>`));
  });

  it('opens the first application frame on its source, the line selected', () => {
    const body = debugPage(notFound());
    const frame = /<li class="frame frame-app"><details open><summary><span class="frame-function">notFound<\/span> <span class="frame-file">([^<]+)<\/span><\/summary><ol class="source" start="(\d+)">(.*?)<\/ol>/.exec(body);
    assert.ok(frame, 'the frame of notFound() is open');
    assert.equal(frame[1], `${thisFile}:${markerLine}`);
    assert.match(frame[3]!, /<li class="selected"><code>.*page marker<\/code><\/li>/);
  });

  it("folds node_modules and Node's frames into one closed line", () => {
    const error = [1].map(() => new Error('in a callback'))[0]!;
    const body = debugPage(error);
    assert.match(body, /<li class="frame-group"><details><summary>\d+ frames? \([^)]*\d+ in Node[^)]*\)<\/summary><ol><li class="frame frame-internal"><span class="frame-function">Array.map<\/span>/);
  });

  it('shows the stack traces as text', () => {
    const body = debugPage(notFound());
    assert.match(body, /<a href="#tab-stack-traces">Stack Traces <span class="badge">2<\/span><\/a>/);
    assert.match(body, /<pre class="stacktrace">NotFoundHttpException: No route found for &quot;GET \/missing&quot; &lt;b&gt;\n {4}at notFound \(/);
    assert.match(body, /\nCaused by: ResourceNotFoundError: No routes for &quot;\/missing&quot;./);
  });

  it('keeps every tab panel in the page, titled, so that they read one under the other without script', () => {
    const body = debugPage(notFound(), { logger: logger([]) });
    const panels = [...body.matchAll(/<section class="tab-panel[^"]*" id="([^"]+)">\n<h2 class="tab-title">/g)].map((m) => m[1]);
    assert.deepEqual(panels, ['tab-exceptions', 'tab-logs', 'tab-stack-traces']);
    assert.doesNotMatch(body, /<(script|link|img)[^>]+(src|href)=/);
  });

  it('has no Logs tab without a logger', () => {
    assert.doesNotMatch(debugPage(notFound()), /id="tab-logs"|href="#tab-logs"/);
  });

  it('shows the count of errors in a red badge on the Logs tab', () => {
    const body = debugPage(notFound(), { logger: logger([oneError, oneError], 2) });
    assert.match(body, /<a href="#tab-logs">Logs <span class="badge status-error">2<\/span><\/a>/);
  });

  it('shows no badge on the Logs tab when nothing failed', () => {
    assert.match(debugPage(notFound(), { logger: logger([], 0) }), /<a href="#tab-logs">Logs<\/a>/);
  });

  it('reads the logs at render time, for no request in particular', () => {
    const calls: unknown[][] = [];
    const spy = {
      getLogs: (...args: unknown[]) => (calls.push(args), [oneError]),
      countErrors: (...args: unknown[]) => (calls.push(args), 1),
    };
    const renderer = new HtmlErrorRenderer({ debug: true, projectRoot, logger: spy });
    assert.equal(calls.length, 0);
    renderer.render(notFound(), Request.create('/missing'));
    assert.deepEqual(calls, [[], []]);
  });

  it('puts extra sections above the Logs tab, given the exception and the request', () => {
    const request = Request.create('/missing');
    let seen: [FlattenException, Request | undefined] | undefined;
    const renderer = new HtmlErrorRenderer({
      debug: true,
      projectRoot,
      logger: logger([]),
      extraSections: (flat, req) => ((seen = [flat, req]), '<section class="almost">Routes that almost matched</section>'),
    });
    const body = renderer.render(notFound(), request).body;
    assert.equal(seen?.[0].statusCode, 404);
    assert.equal(seen?.[1], request);
    assert.ok(body.indexOf('Routes that almost matched') < body.indexOf('id="tab-logs"'));
    assert.ok(body.indexOf('Routes that almost matched') > body.indexOf('id="tab-exceptions"'));
  });

  it('sends text/html with the charset and the exception headers', () => {
    const rendered = new HtmlErrorRenderer({ debug: true, charset: 'ISO-8859-1' }).render(new MethodNotAllowedHttpException(['POST']));
    assert.equal(rendered.statusCode, 405);
    assert.equal(rendered.statusText, 'Method Not Allowed');
    assert.deepEqual(rendered.headers, { 'Content-Type': 'text/html; charset=ISO-8859-1', Allow: 'POST' });
    assert.match(rendered.body, /<meta charset="ISO-8859-1">/);
  });
});

describe('HtmlErrorRenderer in prod', () => {
  const prod = () => new HtmlErrorRenderer({ debug: false, logger: logger([oneError], 1) });

  it('names the status only', () => {
    const body = prod().render(notFound()).body;
    assert.match(body, /<title>An Error Occurred: Not Found<\/title>/);
    assert.match(body, /<h1>Oops! An Error Occurred<\/h1>/);
    assert.match(body, /<h2>The server returned a "404 Not Found".<\/h2>/);
  });

  it('says what the reference says, and links back to the home page', () => {
    const text = prod().render(notFound()).body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.ok(text.includes('Something is broken. Please let us know what you were doing when this error occurred. We will fix it as soon as possible. Sorry for any inconvenience caused.'), text);
    assert.match(prod().render(notFound()).body, /<a href="\/">Back to the home page<\/a>/);
  });

  it('shows no class, message, trace, file or log', () => {
    const body = prod().render(notFound()).body;
    for (const secret of ['NotFoundHttpException', 'ResourceNotFoundError', 'No route found', 'missing', 'notFound', '.ts', 'Uncaught', 'logs', 'trace']) {
      assert.ok(!body.includes(secret), `the page shows "${secret}"`);
    }
  });

  it('builds the page of a status once and reuses it', () => {
    const { renderer, built } = countingRenderer();
    const first = renderer.render(new NotFoundHttpException('a')).body;
    const second = renderer.render(new NotFoundHttpException('b')).body;
    assert.equal(second, first);
    assert.equal(built(), 1);
    renderer.render(new Error('boom'));
    assert.equal(built(), 2);
  });

  it('gives each status its own page when statuses alternate, still building each once', () => {
    const { renderer, built } = countingRenderer();
    const titles = [new NotFoundHttpException('a'), new Error('boom'), new NotFoundHttpException('b'), new NotFoundHttpException('c'), new Error('again')].map(
      (error) => /<title>(.*)<\/title>/.exec(renderer.render(error).body)?.[1],
    );
    assert.deepEqual(titles, [
      'An Error Occurred: Not Found',
      'An Error Occurred: Internal Server Error',
      'An Error Occurred: Not Found',
      'An Error Occurred: Not Found',
      'An Error Occurred: Internal Server Error',
    ]);
    assert.equal(built(), 2);
  });

  it("keeps the exception's headers, such as Retry-After", () => {
    const rendered = prod().render(new TooManyRequestsHttpException(120));
    assert.equal(rendered.statusCode, 429);
    assert.equal(rendered.headers['Retry-After'], '120');
    assert.equal(rendered.headers['Content-Type'], 'text/html; charset=UTF-8');
  });

  it('answers a request the client got wrong with a 400 page', () => {
    const rendered = prod().render(new SuspiciousOperationException('Untrusted Host "evil.example".'));
    assert.equal(rendered.statusCode, 400);
    assert.equal(rendered.statusText, 'Bad Request');
    assert.deepEqual(rendered.headers, { 'Content-Type': 'text/html; charset=UTF-8' });
  });

  it('still gives the flattened error, its status and headers, to whoever asks for it', () => {
    const rendered = prod().render(new MethodNotAllowedHttpException(['GET'], 'No route found for "POST /x"', { cause: new Error('inner') }));
    assert.equal(rendered.flat, rendered.flat);
    assert.equal(rendered.flat.statusCode, 405);
    assert.equal(rendered.flat.message, 'No route found for "POST /x"');
    assert.deepEqual(rendered.flat.headers, { 'Content-Type': 'text/html; charset=UTF-8', Allow: 'GET' });
    assert.equal(rendered.flat.previous?.message, 'inner');
  });

  it('answers a plain error with a 500 page', () => {
    const rendered = prod().render(new Error('database password is hunter2'));
    assert.equal(rendered.statusCode, 500);
    assert.match(rendered.body, /The server returned a "500 Internal Server Error"./);
    assert.doesNotMatch(rendered.body, /hunter2/);
  });
});
