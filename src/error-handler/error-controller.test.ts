import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { Request } from '../http/request.ts';
import { ErrorController } from './error-controller.ts';
import { HtmlErrorRenderer } from './html-error-renderer.ts';
import { ProblemJsonErrorRenderer } from './problem-json-error-renderer.ts';

const controller = new ErrorController({
  html: new HtmlErrorRenderer({ debug: false }),
  json: new ProblemJsonErrorRenderer({ debug: false }),
});

const requestAccepting = (accept: string) => Request.create('/missing', 'GET', { headers: { accept } });

describe('ErrorController', () => {
  it('answers a client that accepts JSON with problem+json', () => {
    const response = controller.__invoke(new NotFoundHttpException('No route'), requestAccepting('application/json'));
    assert.equal(response.headers.get('content-type'), 'application/problem+json');
    assert.equal(JSON.parse(String(response.content)).status, 404);
  });

  it('answers problem+json and JSON-LD clients with problem+json too', () => {
    for (const accept of ['application/problem+json', 'application/ld+json']) {
      const response = controller.__invoke(new NotFoundHttpException(), requestAccepting(accept));
      assert.equal(response.headers.get('content-type'), 'application/problem+json', accept);
    }
  });

  it('answers a browser with HTML', () => {
    const response = controller.__invoke(new NotFoundHttpException(), requestAccepting('text/html,application/xhtml+xml,*/*;q=0.8'));
    assert.equal(response.headers.get('content-type'), 'text/html; charset=UTF-8');
    assert.match(String(response.content), /<title>An Error Occurred: Not Found<\/title>/);
  });

  it('answers HTML when the client states no preference', () => {
    const response = controller.__invoke(new Error('boom'), Request.create('/'));
    assert.equal(response.headers.get('content-type'), 'text/html; charset=UTF-8');
    assert.equal(response.statusCode, 500);
  });

  it('follows the request format set on the request over Accept', () => {
    const request = requestAccepting('text/html');
    request.attributes.set('_format', 'json');
    assert.equal(controller.__invoke(new Error('boom'), request).headers.get('content-type'), 'application/problem+json');
  });

  it("keeps the exception's status and headers", () => {
    for (const accept of ['text/html', 'application/json']) {
      const response = controller.__invoke(new MethodNotAllowedHttpException(['GET', 'HEAD']), requestAccepting(accept));
      assert.equal(response.statusCode, 405);
      assert.equal(response.headers.get('allow'), 'GET, HEAD');
    }
  });

  it('declares its parameters exception and request, as the kernel resolves them by name and class', () => {
    assert.deepEqual(argumentMetadataFor([controller, '__invoke']).map((p) => [p.name, p.type]), [['exception', Error], ['request', Request]]);
  });
});
