import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { get, profiledKernel } from './test-support/profiled-kernel.ts';

const toolbar = '<div id="sluice-toolbar"';

describe('WebDebugToolbarListener', () => {
  it('injects the toolbar right before </body> of an HTML page, linking to the profile', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/'));
    const html = String(response.content);
    const token = response.headers.get('X-Debug-Token')!;
    assert.ok(html.indexOf(toolbar) > html.indexOf('<h1>Upcoming events</h1>'));
    assert.match(html, /<\/div>\n<\/body><\/html>\n$/);
    assert.ok(html.includes(`<a class="sluice-toolbar-profile" href="/_profiler/${token}">`));
  });

  it('shows the status, route, time, memory, log and deprecation counts', async () => {
    const app = profiledKernel();
    const html = String((await app.request(get('/en/event/1'))).content);
    const bar = html.slice(html.indexOf(toolbar));
    assert.match(bar, /data-item="status"><b>404<\/b>/);
    assert.match(bar, /data-item="route">@ <b>n\/a<\/b>/);
    assert.match(bar, /data-item="time"><b>[\d.]+ ms<\/b>/);
    assert.match(bar, /data-item="memory"><b>[\d.]+ (MiB|KiB)<\/b> peak/);
    assert.match(bar, /logs <span class="sluice-toolbar-count errors">1<\/span>/);
    assert.match(bar, /deprecations <span class="sluice-toolbar-count">0<\/span>/);
  });

  it('keeps Content-Length true to the longer body', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/'));
    assert.equal(Number(response.headers.get('Content-Length')), Buffer.byteLength(String(response.content)));
  });

  it('injects the toolbar before the last </body> whatever its letter case', async () => {
    class ShoutingController {
      pageAction(): Response {
        return new Response('<html><body><script>const end = "</body>";</script>caf\u00e9</BODY></html>');
      }
    }
    const app = profiledKernel({ routes: [{ name: 'page', path: '/', controller: 'ShoutingController::pageAction' }], controllers: { ShoutingController: new ShoutingController() } });
    const response = await app.request(get('/'));
    const html = String(response.content);
    assert.ok(html.startsWith('<html><body><script>const end = "</body>";</script>caf\u00e9<div id="sluice-toolbar"'));
    assert.ok(html.endsWith('</div>\n</BODY></html>'));
    assert.equal(Number(response.headers.get('Content-Length')), Buffer.byteLength(html));
  });

  it('leaves redirects, XHR, attachments and non-HTML responses alone', async () => {
    const app = profiledKernel();
    const xhr = Request.create('http://localhost/', 'GET', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    for (const [name, request] of [['redirect', get('/leave')], ['XHR', xhr], ['attachment', get('/download')], ['JSON', get('/api/events')]] as const) {
      const response = await app.request(request);
      assert.ok(!String(response.content).includes(toolbar), name);
      assert.ok(response.headers.get('X-Debug-Token-Link'), `${name} still links to its profile`);
    }
  });

  it('shows no toolbar to a client that may not open the profiler', async () => {
    const app = profiledKernel();
    const response = await app.request(Request.create('http://localhost/', 'GET', { remoteAddress: '198.51.100.4' }));
    assert.ok(!String(response.content).includes(toolbar));
  });

  it('can be turned off while the profiler keeps profiling', async () => {
    const app = profiledKernel({ toolbar: false });
    const response = await app.request(get('/'));
    assert.ok(!String(response.content).includes(toolbar));
    assert.ok(response.headers.get('X-Debug-Token-Link'));
  });
});
