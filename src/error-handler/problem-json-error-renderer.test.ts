import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { ProblemJsonErrorRenderer } from './problem-json-error-renderer.ts';

function lookUp(): NotFoundHttpException {
  return new NotFoundHttpException('No route found for "GET /missing"');
}

describe('ProblemJsonErrorRenderer', () => {
  it('sends application/problem+json with the exception headers', () => {
    const rendered = new ProblemJsonErrorRenderer({ debug: false }).render(new MethodNotAllowedHttpException(['POST']));
    assert.equal(rendered.statusCode, 405);
    assert.deepEqual(rendered.headers, { 'Content-Type': 'application/problem+json', Allow: 'POST' });
  });

  it('in prod, gives the status text as the detail and nothing more', () => {
    const problem = JSON.parse(new ProblemJsonErrorRenderer({ debug: false }).render(lookUp()).body);
    assert.deepEqual(problem, {
      type: 'https://tools.ietf.org/html/rfc2616#section-10',
      title: 'Not Found',
      status: 404,
      detail: 'Not Found',
    });
  });

  it('in prod, keeps the message of a 500 to itself', () => {
    const body = new ProblemJsonErrorRenderer({ debug: false }).render(new Error('password=hunter2')).body;
    assert.equal(JSON.parse(body).status, 500);
    assert.doesNotMatch(body, /hunter2/);
  });

  it('in debug, gives the message as the detail, the class and the trace', () => {
    const problem = JSON.parse(new ProblemJsonErrorRenderer({ debug: true }).render(lookUp()).body);
    assert.equal(problem.title, 'Not Found');
    assert.equal(problem.status, 404);
    assert.equal(problem.detail, 'No route found for "GET /missing"');
    assert.equal(problem.class, 'NotFoundHttpException');
    assert.equal(problem.trace[0].function, 'lookUp');
    assert.equal(problem.trace[0].file, 'src/error-handler/problem-json-error-renderer.test.ts');
    assert.equal(typeof problem.trace[0].line, 'number');
    assert.equal(problem.trace[0].absoluteFile, undefined);
  });
});
