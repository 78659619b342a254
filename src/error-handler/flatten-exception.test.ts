import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { HttpException } from '../exception/http-exception.ts';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { MalformedUriException } from '../http/exception/malformed-uri-exception.ts';
import { getProjectRoot, setProjectRoot } from '../log/throwable-location.ts';
import { FlattenException, withHeadersOf } from './flatten-exception.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const thisFile = 'src/error-handler/flatten-exception.test.ts';
const source = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
const lineOf = (marker: string) => source.findIndex((text) => text.includes(marker) && !text.includes('lineOf')) + 1;

class ResourceNotFoundError extends Error {}

function createdInTheApp(): Error {
  return new Error('located'); // location marker
}

describe('FlattenException', () => {
  let previousRoot: string;
  before(() => {
    previousRoot = getProjectRoot();
    setProjectRoot(projectRoot);
  });
  after(() => setProjectRoot(previousRoot));

  it("keeps an HttpException's status", () => {
    const flat = FlattenException.createFromThrowable(new NotFoundHttpException('No route found for "GET /x"'));
    assert.equal(flat.statusCode, 404);
    assert.equal(flat.statusText, 'Not Found');
    assert.equal(flat.className, 'NotFoundHttpException');
    assert.equal(flat.message, 'No route found for "GET /x"');
  });

  it("keeps an HttpException's headers, such as Allow for a 405", () => {
    const flat = FlattenException.createFromThrowable(new MethodNotAllowedHttpException(['get', 'post']));
    assert.equal(flat.statusCode, 405);
    assert.deepEqual(flat.headers, { Allow: 'GET, POST' });
  });

  it("lets the HttpException's headers win over the ones passed in", () => {
    const error = new MethodNotAllowedHttpException(['PUT']);
    const flat = FlattenException.createFromThrowable(error, undefined, { 'Content-Type': 'text/html; charset=UTF-8', Allow: 'x' });
    assert.deepEqual(flat.headers, { 'Content-Type': 'text/html; charset=UTF-8', Allow: 'PUT' });
  });

  it('passes the headers given on, uncopied, when the HttpException has none of its own', () => {
    const given = { 'Content-Type': 'text/html; charset=UTF-8' };
    assert.equal(withHeadersOf(new NotFoundHttpException('gone'), given), given);
    assert.equal(withHeadersOf(new Error('plain'), given), given);
  });

  it("copies the headers given when the HttpException adds its own, and leaves them as they were", () => {
    const given = { 'Content-Type': 'text/html; charset=UTF-8' };
    const merged = withHeadersOf(new HttpException(503, 'later', { headers: { 'Retry-After': '120' } }), given);
    assert.deepEqual(merged, { 'Content-Type': 'text/html; charset=UTF-8', 'Retry-After': '120' });
    assert.deepEqual(given, { 'Content-Type': 'text/html; charset=UTF-8' });
  });

  it('answers a RequestException with 400', () => {
    const flat = FlattenException.createFromThrowable(new MalformedUriException('Malformed URI'));
    assert.equal(flat.statusCode, 400);
    assert.equal(flat.statusText, 'Bad Request');
  });

  it('answers any other error with 500', () => {
    const flat = FlattenException.createFromThrowable(new TypeError('x is undefined'));
    assert.equal(flat.statusCode, 500);
    assert.equal(flat.statusText, 'Internal Server Error');
    assert.equal(flat.className, 'TypeError');
    assert.deepEqual(flat.headers, {});
  });

  it('takes the status given over the computed one', () => {
    assert.equal(FlattenException.createFromThrowable(new Error('x'), 503).statusCode, 503);
  });

  it('apologizes for a status without a reason phrase', () => {
    assert.equal(FlattenException.createFromThrowable(new HttpException(599)).statusText, 'Whoops, looks like something went wrong.');
  });

  it("keeps the error's code, numeric or Node's string codes", () => {
    assert.equal(FlattenException.createFromThrowable(new HttpException(404, '', { code: 7 })).code, 7);
    const nodeError = Object.assign(new Error('bad arg'), { code: 'ERR_INVALID_ARG_TYPE' });
    assert.equal(FlattenException.createFromThrowable(nodeError).code, 'ERR_INVALID_ARG_TYPE');
    assert.equal(FlattenException.createFromThrowable(new Error('x')).code, 0);
  });

  it('chains the cause as the previous exception', () => {
    const root = new ResourceNotFoundError('No routes for "/x".');
    const flat = FlattenException.createFromThrowable(new NotFoundHttpException('No route found', { cause: root }));
    assert.equal(flat.previous?.className, 'ResourceNotFoundError');
    assert.equal(flat.previous?.message, 'No routes for "/x".');
    assert.equal(flat.previous?.previous, undefined);
    assert.deepEqual(flat.getChain().map((e) => e.className), ['NotFoundHttpException', 'ResourceNotFoundError']);
  });

  it('flattens the cause only when the previous exception is read', () => {
    let reads = 0;
    const error = new NotFoundHttpException('No route found');
    Object.defineProperty(error, 'cause', { get: () => { reads++; return new ResourceNotFoundError('late'); } });
    const flat = FlattenException.createFromThrowable(error);
    assert.equal(flat.statusCode, 404);
    assert.equal(reads, 0);
    assert.equal(flat.previous?.message, 'late');
    assert.equal(flat.previous, flat.previous);
    assert.equal(reads, 1);
  });

  it('keeps a thrown non-error cause as text', () => {
    const flat = FlattenException.createFromThrowable(new Error('outer', { cause: 'disk full' }));
    assert.equal(flat.previous?.className, 'string');
    assert.equal(flat.previous?.message, 'disk full');
    assert.deepEqual(flat.previous?.trace, []);
  });

  it('stops at a cause chain that loops', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    assert.deepEqual(FlattenException.createFromThrowable(a).getChain().map((e) => e.message), ['a', 'b']);
  });

  it('gives the file relative to the project root and the line', () => {
    const flat = FlattenException.createFromThrowable(createdInTheApp());
    assert.equal(flat.file, thisFile);
    assert.equal(flat.line, lineOf('location marker'));
  });

  it('parses the trace into frames of the application', () => {
    const [first] = FlattenException.createFromThrowable(createdInTheApp()).trace;
    assert.equal(first?.function, 'createdInTheApp');
    assert.equal(first?.file, thisFile);
    assert.equal(first?.line, lineOf('location marker'));
    assert.equal(first?.isVendor, false);
    assert.equal(first?.isInternal, false);
  });

  it('reads the stack only when the trace is first asked for', () => {
    let reads = 0;
    const error = new Error('lazy');
    const stack = error.stack;
    Object.defineProperty(error, 'stack', { get: () => (reads++, stack) });
    const flat = FlattenException.createFromThrowable(error);
    assert.equal(flat.statusCode, 500);
    assert.equal(reads, 0);
    void flat.trace;
    void flat.trace;
    assert.equal(reads, 1);
  });

  it('gives the chain as JSON-ready data, without absolute paths', () => {
    const data = FlattenException.createFromThrowable(new Error('outer', { cause: createdInTheApp() })).toArray();
    assert.deepEqual(data.map((e) => [e.class, e.message]), [['Error', 'outer'], ['Error', 'located']]);
    assert.equal(data[1]!.file, thisFile);
    assert.equal(data[1]!.trace[0]!.function, 'createdInTheApp');
    assert.equal('absoluteFile' in data[1]!.trace[0]!, false);
    assert.doesNotThrow(() => JSON.stringify(data));
  });

  it('writes the chain as text, each cause after its frames', () => {
    const text = FlattenException.createFromThrowable(new Error('outer', { cause: createdInTheApp() })).getAsString();
    assert.match(text, /^Error: outer\n {4}at /);
    assert.match(text, new RegExp(`\\nCaused by: Error: located\\n {4}at createdInTheApp \\(${thisFile}:${lineOf('location marker')}:\\d+\\)`));
  });
});
