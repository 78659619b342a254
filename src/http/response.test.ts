import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Response } from './response.ts';
import { Request } from './request.ts';
import { JsonResponse } from './json-response.ts';
import { RedirectResponse } from './redirect-response.ts';
import { StreamedResponse } from './streamed-response.ts';
import { BinaryFileResponse } from './binary-file-response.ts';
import { Cookie } from './cookie.ts';
import { knownHeader } from './response-header-bag.ts';

async function body(response: Response): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await response.sendContent(out);
  await new Promise((resolve) => out.end(resolve));
  return Buffer.concat(chunks).toString();
}

describe('Response', () => {
  it('prepares text with a charset and a Content-Length in bytes', () => {
    const response = new Response('café').prepare(Request.create('/'));
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=UTF-8');
    assert.equal(response.headers.get('Content-Length'), '5');
  });

  it('adds the charset to a text type that names none, and leaves one that does, in any case', () => {
    const typed = (type: string): string | undefined => new Response('x', 200, { 'Content-Type': type }).prepare(Request.create('/')).headers.get('Content-Type');
    assert.equal(typed('text/plain'), 'text/plain; charset=UTF-8');
    assert.equal(typed('text/plain; charset=ISO-8859-1'), 'text/plain; charset=ISO-8859-1');
    assert.equal(typed('text/plain; CHARSET=ISO-8859-1'), 'text/plain; CHARSET=ISO-8859-1');
    assert.equal(typed('application/json'), 'application/json');
  });

  it('keeps headers but drops the body for HEAD', async () => {
    const response = new Response('hello').prepare(Request.create('/', 'HEAD'));
    assert.equal(response.headers.get('Content-Length'), '5');
    assert.equal(await body(response), '');
  });

  it('drops body and content headers for 204 and 304', () => {
    const response = new Response('x', 204, { 'Content-Type': 'text/plain' }).prepare(Request.create('/'));
    assert.equal(response.content, '');
    assert.equal(response.headers.has('Content-Type'), false);
  });

  it('rejects an invalid status code', () => {
    assert.throws(() => new Response('', 999), /The HTTP status code "999" is not valid/);
  });

  it('sends "no-cache, private" when the response says nothing about caching', () => {
    assert.equal(new Response().headers.get('Cache-Control'), 'no-cache, private');
  });

  it('sorts directives and adds private unless public or shared', () => {
    const response = new Response();
    response.setMaxAge(0);
    response.headers.addCacheControlDirective('must-revalidate');
    assert.equal(response.headers.get('Cache-Control'), 'max-age=0, must-revalidate, private');
    response.setSharedMaxAge(60);
    assert.equal(response.headers.get('Cache-Control'), 'max-age=0, must-revalidate, public, s-maxage=60');
  });

  it('answers If-None-Match with 304 when the ETag matches', () => {
    const response = new Response('body').setEtag('abc');
    const request = Request.create('/', 'GET', { headers: { 'if-none-match': 'W/"abc"' } });
    assert.equal(response.isNotModified(request), true);
    assert.equal(response.statusCode, 304);
    assert.equal(response.content, '');
  });

  it('answers If-Modified-Since with 304 when not modified since', () => {
    const modified = new Date('2026-01-01T00:00:00Z');
    const response = new Response('body').setLastModified(modified);
    assert.equal(response.isNotModified(Request.create('/', 'GET', { headers: { 'if-modified-since': modified.toUTCString() } })), true);
    const older = new Response('body').setLastModified(new Date('2026-02-01T00:00:00Z'));
    assert.equal(older.isNotModified(Request.create('/', 'GET', { headers: { 'if-modified-since': modified.toUTCString() } })), false);
  });

  it('never answers 304 to a POST', () => {
    const response = new Response().setEtag('a');
    assert.equal(response.isNotModified(Request.create('/', 'POST', { headers: { 'if-none-match': '"a"' } })), false);
  });

  it('serializes cookies with safe defaults', () => {
    const response = new Response();
    response.headers.setCookie(new Cookie('SID', 'abc', { secure: true }));
    response.headers.clearCookie('old');
    const cookies = response.headers.toNodeHeaders()['Set-Cookie'] as string[];
    assert.equal(cookies[0], 'SID=abc; Path=/; HttpOnly; Secure; SameSite=Lax');
    assert.match(cookies[1]!, /^old=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
  });

  it('lists the headers it sends flat, names as written, repeated values and cookies as arrays', () => {
    const response = new Response('', 200, { 'X-Trace': 'a' });
    response.headers.set('Vary', ['Accept', 'Cookie']);
    response.headers.setCookie(new Cookie('SID', 'abc'));
    response.headers.addCacheControlDirective('max-age', 60);
    assert.deepEqual(response.headers.toNodeHeaderList(), [
      'X-Trace', 'a',
      'Vary', ['Accept', 'Cookie'],
      'Cache-Control', 'max-age=60, private',
      'Set-Cookie', ['SID=abc; Path=/; HttpOnly; SameSite=Lax'],
    ]);
    assert.deepEqual(response.headers.toNodeHeaderList(), Object.entries(response.headers.toNodeHeaders()).flat(), 'the same headers as the object form');
  });

  it('keeps headers in the order first set, a replaced one in its place, a removed one gone, however many there are', () => {
    for (const count of [3, 40]) {
      const response = new Response();
      const names = Array.from({ length: count }, (_, i) => `X-Header-${i}`);
      for (const name of names) response.headers.set(name, name.toLowerCase());
      response.headers.set('x-header-1', 'replaced');
      response.headers.set('X-HEADER-2', 'added', false);
      response.headers.remove('x-Header-0');
      assert.equal(response.headers.has('X-Header-0'), false, `${count} headers`);
      assert.equal(response.headers.get('X-Header-1'), 'replaced');
      assert.deepEqual(response.headers.all('x-header-2'), ['x-header-2', 'added']);
      assert.equal(response.headers.setDefault('X-Header-0', 'again'), true);
      assert.equal(response.headers.setDefault(`x-header-${count - 1}`, 'not set'), false);
      const list = response.headers.toNodeHeaderList();
      const sentNames = list.filter((_, i) => i % 2 === 0);
      assert.deepEqual(sentNames, ['x-header-1', 'X-Header-2', ...names.slice(3), 'X-Header-0', 'Cache-Control'], 'a replaced name is sent as last written, an added-to one as first');
      assert.equal(list[list.indexOf('X-Header-0') + 1], 'again');
    }
  });

  it('tells a header from an absent one of the same key length, before and after removals, however many there are', () => {
    for (const count of [0, 40]) {
      const headers = new Response().headers;
      for (let i = 0; i < count; i++) headers.set(`X-Header-${i}`, 'x');
      headers.set('Content-Type', 'text/plain');
      // a name whose length, counted in the bits of a number, is that of Vary
      const long = 'X-A-Header-Name-Of-Thirty-Six-Chars';
      headers.set(`${long}s`, 'long');
      assert.equal(headers.has('X-Request-Id'), false, `a key as long as content-type, among ${count} others`);
      assert.equal(headers.has('Vary'), false, 'a key whose length aliases a held one');
      assert.equal(headers.setDefault('X-Request-Id', 'id'), true);
      assert.equal(headers.get('x-request-id'), 'id');
      headers.remove('Content-Type');
      assert.equal(headers.get('X-Request-Id'), 'id', 'the other key of its length is still found');
      assert.equal(headers.has('Content-Type'), false);
      headers.remove('x-request-id');
      assert.equal(headers.has('X-Request-Id'), false);
      assert.equal(headers.get(`${long}S`), 'long');
      assert.equal(headers.setDefault('Content-Type', 'text/html'), true, 'a removed header can be set again');
      assert.equal(headers.get('content-type'), 'text/html');
      if (count > 0) assert.equal(headers.get(`X-Header-${count - 1}`), 'x', 'the later headers are found at their new places');
    }
  });

  it('sends "private, must-revalidate" for a response with Last-Modified or Expires and no Cache-Control, however many headers it has', () => {
    for (const count of [0, 40]) {
      for (const header of ['Last-Modified', 'expires']) {
        const response = new Response();
        for (let i = 0; i < count; i++) response.headers.set(`X-Header-${i}`, 'x');
        assert.equal(response.headers.get('Cache-Control'), 'no-cache, private');
        response.headers.set(header, 'Thu, 01 Jan 2037 00:00:00 GMT');
        assert.equal(response.headers.get('Cache-Control'), 'private, must-revalidate', `${header} among ${count} others`);
      }
    }
  });

  it('answers alike for a header of one value and of several, however it got them', () => {
    for (const count of [0, 40]) {
      const headers = new Response().headers;
      for (let i = 0; i < count; i++) headers.set(`X-Header-${i}`, 'x');
      headers.set('X-One', 'a');
      assert.deepEqual(headers.all('x-one'), ['a'], `among ${count} others`);
      headers.set('x-ONE', ['b', 'c'], false);
      assert.deepEqual(headers.all('X-One'), ['a', 'b', 'c'], 'an array added to a single value');
      assert.equal(headers.get('X-One'), 'a');
      headers.set('X-One', ['d']);
      assert.equal(headers.get('x-one'), 'd', 'an array of one replaces');
      assert.deepEqual(headers.all('X-One'), ['d']);
      headers.set('X-One', 'e', false);
      assert.deepEqual(headers.all('X-One'), ['d', 'e'], 'a value added to an array of one');
      headers.set('X-One', 7);
      assert.deepEqual(headers.all('X-One'), ['7'], 'a number is held as its text');
      headers.set('X-One', [1, 'f'] as unknown as string[], false);
      assert.deepEqual(headers.all('X-One'), ['7', '1', 'f']);
      headers.set('X-Empty', []);
      assert.equal(headers.has('X-Empty'), true, 'a header set to no values is still there');
      assert.equal(headers.get('X-Empty'), undefined);
      assert.deepEqual(headers.all('X-Empty'), []);
      headers.set('x-empty', 'g', false);
      assert.deepEqual(headers.all('X-Empty'), ['g']);
      assert.equal(headers.get('X-Empty'), 'g');
      const given = ['h', 'i'];
      headers.set('X-Given', given);
      given.push('j');
      assert.deepEqual(headers.all('X-Given'), ['h', 'i'], 'the caller\'s array is not kept');
      const list = headers.toNodeHeaderList();
      const at = (name: string): unknown => list[list.indexOf(name) + 1];
      assert.deepEqual(at('X-One'), ['7', '1', 'f']);
      assert.equal(at('X-Empty'), 'g', 'one value is sent as a string, under the name it was first set by');
      assert.deepEqual(at('X-Given'), ['h', 'i']);
      headers.remove('X-ONE');
      assert.equal(headers.has('X-One'), false);
      assert.deepEqual(headers.all('X-One'), []);
      headers.set('Cache-Control', ['max-age=60']);
      assert.equal(headers.get('Cache-Control'), 'max-age=60, private', 'Cache-Control from an array of one');
      headers.set('Cache-Control', ['public', 'max-age=30']);
      assert.equal(headers.get('Cache-Control'), 'max-age=30, public');
    }
  });

  it('sets a default header only where the response has none, and says whether it did', () => {
    const response = new Response('', 200, { 'content-type': 'text/plain' });
    assert.equal(response.headers.setDefault('Content-Type', 'text/html'), false);
    assert.equal(response.headers.get('Content-Type'), 'text/plain');
    assert.equal(response.headers.setDefault('X-Frame-Options', 'DENY'), true);
    assert.deepEqual(response.headers.toNodeHeaderList().slice(0, 4), ['content-type', 'text/plain', 'X-Frame-Options', 'DENY']);
    response.headers.remove('Cache-Control');
    assert.equal(response.headers.setDefault('Cache-Control', 'max-age=60'), true, 'a removed Cache-Control counts as none');
    assert.equal(response.headers.get('Cache-Control'), 'max-age=60, private');
    assert.equal(response.headers.setDefault('cache-control', 'no-store'), false);
  });

  it('answers for a name worked out once as for the same name given each time, in place and in order', () => {
    const frameOptions = knownHeader('X-Frame-Options');
    for (const others of [0, 40]) {
      const known = new Response('', 200, { 'Content-Type': 'text/plain' });
      const named = new Response('', 200, { 'Content-Type': 'text/plain' });
      for (let i = 0; i < others; i++) {
        known.headers.set(`X-Other-${i}`, String(i));
        named.headers.set(`X-Other-${i}`, String(i));
      }
      assert.equal(known.headers.getKnown(frameOptions), undefined);
      assert.equal(known.headers.hasKnown(frameOptions), false);
      assert.equal(known.headers.setDefaultKnown(frameOptions, 'DENY'), named.headers.setDefault('X-Frame-Options', 'DENY'));
      assert.equal(known.headers.setDefaultKnown(frameOptions, 'SAMEORIGIN'), named.headers.setDefault('X-Frame-Options', 'SAMEORIGIN'));
      assert.equal(known.headers.getKnown(frameOptions), 'DENY');
      assert.equal(known.headers.hasKnown(frameOptions), true);
      // set in another case first: replaced in its place, under the name as now given
      known.headers.set('x-request-id', 'a');
      named.headers.set('x-request-id', 'a');
      known.headers.setKnown(knownHeader('X-Request-Id'), 'b');
      named.headers.set('X-Request-Id', 'b');
      known.headers.set('Vary', ['Accept', 'Origin']);
      assert.equal(known.headers.getKnown(knownHeader('Vary')), 'Accept', 'the first of several values, as get');
      named.headers.set('Vary', ['Accept', 'Origin']);
      assert.deepEqual(known.headers.toNodeHeaderList(), named.headers.toNodeHeaderList(), `with ${others} other headers`);
      known.headers.remove('X-Frame-Options');
      assert.equal(known.headers.hasKnown(frameOptions), false, 'a removed header is gone for the known name too');
    }
  });

  it('refuses to work out once a name the header bag treats apart (Cache-Control, validators, Expires)', () => {
    for (const name of ['Cache-Control', 'ETag', 'last-modified', 'Expires']) assert.throws(() => knownHeader(name), TypeError);
    assert.deepEqual(knownHeader('X-Frame-Options'), { name: 'X-Frame-Options', key: 'x-frame-options' });
  });

  it('measures each string body of a remembered length anew, the same body sent again at the same length', () => {
    const ascii = 'a'.repeat(300);
    const accented = 'é'.repeat(300);
    const length = (content: string): string | undefined => new Response(content).prepare(Request.create('/')).headers.get('Content-Length');
    for (let round = 0; round < 2; round++) {
      assert.equal(length(ascii), '300');
      assert.equal(length(ascii), '300');
      assert.equal(length('a'.repeat(299) + 'é'), '301', 'one that differs from the last in its last character only');
      assert.equal(length(accented), '600', 'a body of the same length in characters and not in bytes');
      assert.equal(length(['é'.repeat(150), 'a'.repeat(150)].join('')), '450', 'one built at run time');
      assert.equal(length('é'.repeat(70_000)), '140000', 'one too long to remember');
    }
  });

  it('adds the charset to a text type that names none after one that names it, of the same length', () => {
    const typed = (type: string): string | undefined => new Response('x', 200, { 'Content-Type': type }).prepare(Request.create('/')).headers.get('Content-Type');
    for (let round = 0; round < 2; round++) {
      assert.equal(typed('text/x; charset=a'), 'text/x; charset=a');
      assert.equal(typed('text/x; charset=a'), 'text/x; charset=a');
      assert.equal(typed('text/x; charsex=a'), 'text/x; charsex=a; charset=UTF-8');
    }
  });

  it('keeps the header a JSON response was given over its default Content-Type', () => {
    assert.equal(new JsonResponse({}, 200, { 'Content-Type': 'application/problem+json' }).headers.get('content-type'), 'application/problem+json');
  });

  it('encodes JSON responses', () => {
    const response = new JsonResponse({ ok: true }, 201);
    assert.equal(response.content, '{"ok":true}');
    assert.equal(response.headers.get('Content-Type'), 'application/json');
  });

  it('sends no Cache-Control once it is removed, until a caching header is set again', () => {
    const response = new Response();
    response.headers.remove('Cache-Control');
    assert.equal(response.headers.get('Cache-Control'), undefined);
    assert.equal(response.headers.toNodeHeaderList().includes('Cache-Control'), false);
    response.headers.set('ETag', '"a"');
    assert.equal(response.headers.get('Cache-Control'), 'no-cache, private');
  });

  it('sends a permanent redirect without Cache-Control unless it was given one, other redirects with the default', () => {
    assert.equal('Cache-Control' in new RedirectResponse('/to', 301).headers.toNodeHeaders(), false);
    assert.equal(new RedirectResponse('/to', 301, { 'Cache-Control': 'max-age=60' }).headers.get('Cache-Control'), 'max-age=60, private');
    assert.equal(new RedirectResponse('/to', 302).headers.get('Cache-Control'), 'no-cache, private');
  });

  it('redirects with a Location and refuses a non-redirect status', () => {
    assert.equal(new RedirectResponse('/to', 301).headers.get('Location'), '/to');
    assert.throws(() => new RedirectResponse('/to', 200), /not a redirect/);
  });

  it('streams a body through its callback, without a Content-Length', async () => {
    const response = new StreamedResponse((out) => { out.write('a'); out.write('b'); }).prepare(Request.create('/'));
    assert.equal(response.headers.has('Content-Length'), false);
    assert.equal(await body(response), 'ab');
  });

  it('sends one byte range of a file with 206', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
    const file = join(dir, 'photo.JPG');
    writeFileSync(file, '0123456789');
    const response = new BinaryFileResponse(file).prepare(Request.create('/', 'GET', { headers: { range: 'bytes=2-4' } }));
    assert.equal(response.statusCode, 206);
    assert.equal(response.headers.get('Content-Type'), 'image/jpeg');
    assert.equal(response.headers.get('Content-Range'), 'bytes 2-4/10');
    assert.equal(await body(response), '234');
  });

  it('answers an unsatisfiable range with 416', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'abc');
    const response = new BinaryFileResponse(file).prepare(Request.create('/', 'GET', { headers: { range: 'bytes=10-' } }));
    assert.equal(response.statusCode, 416);
    assert.equal(response.headers.get('Content-Range'), 'bytes */3');
  });
});

describe('Response.prepare', () => {
  it('does nothing the second time, so a HEAD keeps its Content-Length', () => {
    const response = new Response('hello');
    const head = Request.create('/', 'HEAD');
    response.prepare(head).prepare(head);
    assert.equal(response.headers.get('Content-Length'), '5');
  });

  it('keeps a 206\'s range length when prepared again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
    const file = join(dir, 'f.txt');
    writeFileSync(file, '0123456789');
    const request = Request.create('/', 'GET', { headers: { range: 'bytes=0-1' } });
    const response = new BinaryFileResponse(file).prepare(request).prepare(request);
    assert.equal(response.headers.get('Content-Length'), '2');
  });
});
