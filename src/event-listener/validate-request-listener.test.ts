import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Response } from '../http/response.ts';
import { Request } from '../http/request.ts';
import { TrustedProxies } from '../http/trusted-proxies.ts';
import { RequestEvent } from '../event/request-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import type { FrameworkConfigInput } from '../kernel/kernel-config.ts';
import { ValidateRequestListener } from './validate-request-listener.ts';
import { Args } from '../decorators/args.ts';

class HomeController {
  @Args({ request: Request })
  indexAction(request: Request): Response {
    return new Response(`${request.clientIp} ${request.schemeAndHttpHost}`);
  }
}

function app(config: FrameworkConfigInput = {}): TestKernel {
  return new TestKernel({ routes: [{ name: 'home', path: '/', controller: 'HomeController::indexAction' }], controllers: { HomeController: new HomeController() }, config });
}

function fromProxy(headers: Record<string, string>): Request {
  return Request.create('http://app.example/', 'GET', { remoteAddress: '10.0.0.2', headers });
}

const errors = (kernel: TestKernel): string[] => kernel.lines().filter((line) => line.startsWith('request.ERROR') || line.startsWith('request.CRITICAL'));

describe('ValidateRequestListener, through the kernel', () => {
  it('answers a malformed Host with 400 and the error page, not a failed error page', async () => {
    const kernel = app();
    const response = await kernel.request(get('/', { host: 'bad host!' }));
    assert.equal(response.statusCode, 400);
    assert.match(String(response.content), /Invalid Host &quot;bad host!&quot;/);
    assert.deepEqual(errors(kernel).map((line) => line.replace(/ at src\/.*$/, '')), ['request.ERROR: Uncaught Exception BadRequestHttpException: "Invalid Host "bad host!"."']);
  });

  it('answers a Host outside the configured trusted hosts with 400', async () => {
    const kernel = app({ trustedHosts: ['^app\\.example$'] });
    const response = await kernel.request(get('/', { host: 'attacker.example' }));
    assert.equal(response.statusCode, 400);
    assert.match(errors(kernel)[0]!, /BadRequestHttpException: "Untrusted Host "attacker\.example"\."/);
  });

  it('lets a trusted Host through', async () => {
    const response = await app({ trustedHosts: ['^app\\.example$'] }).request(Request.create('http://app.example/'));
    assert.equal(response.statusCode, 200);
  });

  it('answers conflicting trusted Forwarded and X-Forwarded-For headers with 400, naming both', async () => {
    const kernel = app({ trustedProxies: ['10.0.0.0/8'], trustedHeaders: ['forwarded', 'x-forwarded-for'] });
    const response = await kernel.request(fromProxy({ forwarded: 'for=198.51.100.4', 'x-forwarded-for': '192.0.2.60' }));
    assert.equal(response.statusCode, 400);
    assert.match(errors(kernel)[0]!, /BadRequestHttpException: "The request has both a trusted "Forwarded" header and a trusted "X-Forwarded-For" header, conflicting with each other\. You should either configure your proxy to remove one of them, or configure your project to distrust the offending one\."/);
  });

  it('gives the controller the client, scheme and host a trusted proxy forwarded', async () => {
    const kernel = app({ trustedProxies: ['10.0.0.0/8'] });
    const response = await kernel.request(fromProxy({ 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' }));
    assert.equal(response.content, '198.51.100.4 https://shop.example');
  });

  it('believes no forwarded header when no proxy is configured', async () => {
    const response = await app().request(fromProxy({ 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' }));
    assert.equal(response.content, '10.0.0.2 http://app.example');
  });
});

describe('ValidateRequestListener', () => {
  const kernel: HttpKernelInterface = { handle: async () => new Response() };
  const policy = new TrustedProxies({ hosts: ['^ok\\.example$'] });

  it('gives a request without a trust policy the application\'s', () => {
    const request = Request.create('http://ok.example/');
    new ValidateRequestListener(policy).onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    assert.equal(request.trust, policy);
  });

  it('keeps the policy a request came with', () => {
    const own = new TrustedProxies();
    const request = new Request({ headers: { host: 'elsewhere.example' }, trust: own });
    new ValidateRequestListener(policy).onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    assert.equal(request.trust, own);
  });

  it('leaves sub-requests alone: the main request was checked', () => {
    const request = Request.create('http://untrusted.example/');
    assert.doesNotThrow(() => new ValidateRequestListener(policy).onKernelRequest(new RequestEvent(kernel, request, RequestType.SUB)));
    assert.equal(request.trust, undefined);
  });
});
