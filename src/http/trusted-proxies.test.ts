import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from './request.ts';
import { TrustedProxies, type TrustedProxiesOptions } from './trusted-proxies.ts';
import { ConflictingHeadersException } from './exception/conflicting-headers-exception.ts';
import { SuspiciousOperationException } from './exception/suspicious-operation-exception.ts';

const allHeaders: TrustedProxiesOptions['headers'] = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'];

function request(remoteAddress: string, headers: Record<string, string>, options: TrustedProxiesOptions = {}): Request {
  const trust = new TrustedProxies({ proxies: ['10.0.0.0/8'], headers: allHeaders, ...options });
  return new Request({ remoteAddress, headers: { host: 'app.internal', ...headers }, trust });
}

const conflictMessage = (header: string): string =>
  `The request has both a trusted "Forwarded" header and a trusted "${header}" header, conflicting with each other. ` +
  'You should either configure your proxy to remove one of them, or configure your project to distrust the offending one.';

describe('TrustedProxies: who the client is', () => {
  it('ignores forwarded headers from a peer that is not a trusted proxy', () => {
    const req = request('203.0.113.7', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' });
    assert.equal(req.clientIp, '203.0.113.7');
    assert.equal(req.scheme, 'http');
    assert.equal(req.host, 'app.internal');
  });

  it('takes the client from X-Forwarded-For when the peer is a trusted proxy', () => {
    assert.deepEqual(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.4' }).clientIps, ['198.51.100.4']);
  });

  it('walks the chain from the nearest hop and stops at the first untrusted address', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '10.9.9.9, 192.0.2.1, 198.51.100.4, 10.0.0.3' });
    assert.deepEqual(req.clientIps, ['198.51.100.4', '192.0.2.1', '10.9.9.9']);
    assert.equal(req.clientIp, '198.51.100.4');
  });

  it('does not let a client forge its address by prepending to X-Forwarded-For', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '127.0.0.1, 198.51.100.4' });
    assert.equal(req.clientIp, '198.51.100.4');
  });

  it('takes the farthest hop when every hop is a trusted proxy', () => {
    assert.deepEqual(request('10.0.0.2', { 'x-forwarded-for': '10.0.0.5, 10.0.0.3' }).clientIps, ['10.0.0.5']);
  });

  it('stops at a hop that is not an address, keeping the trusted proxy that forwarded it', () => {
    assert.deepEqual(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.4, unknown, 10.0.0.3' }).clientIps, ['10.0.0.3']);
  });

  it('strips ports and brackets from the hops', () => {
    assert.equal(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.4:5123' }).clientIp, '198.51.100.4');
    assert.equal(request('10.0.0.2', { 'x-forwarded-for': '[2001:db8::1]:4711' }).clientIp, '2001:db8::1');
  });

  it('matches IPv6 ranges and IPv6 peers', () => {
    const req = request('2001:db8:cafe::17', { 'x-forwarded-for': '2001:db8::1' }, { proxies: ['2001:db8:cafe::/48'] });
    assert.equal(req.clientIp, '2001:db8::1');
  });

  it('matches an IPv4-mapped IPv6 peer against IPv4 ranges', () => {
    assert.equal(request('::ffff:10.0.0.1', { 'x-forwarded-for': '198.51.100.4' }).clientIp, '198.51.100.4');
  });

  it('trusts single addresses as well as ranges', () => {
    assert.equal(request('192.0.2.10', { 'x-forwarded-for': '198.51.100.4' }, { proxies: ['192.0.2.10'] }).clientIp, '198.51.100.4');
    assert.equal(request('192.0.2.11', { 'x-forwarded-for': '198.51.100.4' }, { proxies: ['192.0.2.10'] }).clientIp, '192.0.2.11');
  });

  it('trusts whatever peer connects with REMOTE_ADDR, but only that hop', () => {
    const req = request('172.31.5.5', { 'x-forwarded-for': '198.51.100.9, 198.51.100.4' }, { proxies: ['REMOTE_ADDR'] });
    assert.deepEqual(req.clientIps, ['198.51.100.4', '198.51.100.9']);
  });

  it('trusts the private ranges with PRIVATE_SUBNETS', () => {
    assert.equal(request('192.168.1.1', { 'x-forwarded-for': '198.51.100.4' }, { proxies: ['PRIVATE_SUBNETS'] }).clientIp, '198.51.100.4');
  });

  it('reads the client from a trusted Forwarded header, quoted IPv6 with port included', () => {
    assert.equal(request('10.0.0.2', { forwarded: 'for="[2001:db8::1]:4711";proto=https' }).clientIp, '2001:db8::1');
    assert.deepEqual(request('10.0.0.2', { forwarded: 'for=198.51.100.4, for=10.0.0.7;by=10.0.0.2' }).clientIps, ['198.51.100.4']);
  });

  it('ignores a header it was not told to trust', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '198.51.100.4', forwarded: 'for=192.0.2.60' }, { headers: ['forwarded'] });
    assert.equal(req.clientIp, '192.0.2.60');
  });

  it('refuses a configuration that is not an address or range', () => {
    assert.throws(() => new TrustedProxies({ proxies: ['proxy.local'] }), /The trusted proxy "proxy.local" is neither an IP address nor a CIDR range/);
    assert.throws(() => new TrustedProxies({ proxies: ['10.0.0.0/33'] }), /prefix longer than an IPv4 address/);
  });
});

describe('TrustedProxies: scheme, host and port', () => {
  it('follows X-Forwarded-Proto, -Host and -Port from a trusted proxy', () => {
    const req = request('10.0.0.2', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com', 'x-forwarded-port': '8443' });
    assert.equal(req.scheme, 'https');
    assert.equal(req.host, 'shop.example.com');
    assert.equal(req.port, 8443);
    assert.equal(req.getUri(), 'https://shop.example.com:8443/');
  });

  it('follows Forwarded proto= and host=, the port coming from the host', () => {
    const req = request('10.0.0.2', { forwarded: 'for=198.51.100.4;proto=https;host="shop.example.com:444"' });
    assert.equal(req.schemeAndHttpHost, 'https://shop.example.com:444');
  });

  it('gives the forwarded scheme its default port', () => {
    assert.equal(request('10.0.0.2', { 'x-forwarded-proto': 'https' }).port, 443);
  });

  it('uses the first value when proxies appended to the list', () => {
    assert.equal(request('10.0.0.2', { 'x-forwarded-proto': 'https, http' }).scheme, 'https');
  });
});

describe('TrustedProxies: conflicting headers', () => {
  it('throws when a trusted Forwarded and a trusted X-Forwarded-For name different clients', () => {
    const req = request('10.0.0.2', { forwarded: 'for=198.51.100.4', 'x-forwarded-for': '192.0.2.60' });
    assert.throws(() => req.clientIps, (error: Error) => error instanceof ConflictingHeadersException && error.message === conflictMessage('X-Forwarded-For'));
  });

  it('accepts both when they agree on the client', () => {
    assert.equal(request('10.0.0.2', { forwarded: 'for=198.51.100.4', 'x-forwarded-for': '198.51.100.4, 10.0.0.3' }).clientIp, '198.51.100.4');
  });

  it('throws when they disagree on the scheme, the host or the port', () => {
    assert.throws(() => request('10.0.0.2', { forwarded: 'proto=https', 'x-forwarded-proto': 'http' }).scheme, { message: conflictMessage('X-Forwarded-Proto') });
    assert.throws(() => request('10.0.0.2', { forwarded: 'host=a.example', 'x-forwarded-host': 'b.example' }).host, { message: conflictMessage('X-Forwarded-Host') });
    assert.throws(() => request('10.0.0.2', { forwarded: 'host="a.example:8080"', 'x-forwarded-port': '9090' }).port, { message: conflictMessage('X-Forwarded-Port') });
  });

  it('reports a conflict once, then falls back to the connection, so an error page can still be made', () => {
    const req = request('10.0.0.2', { forwarded: 'for=198.51.100.4', 'x-forwarded-for': '192.0.2.60' });
    assert.throws(() => req.clientIps, ConflictingHeadersException);
    assert.deepEqual(req.clientIps, ['10.0.0.2']);
    assert.deepEqual(req.duplicate().clientIps, ['10.0.0.2']);
  });

  it('does not look for conflicts when one of the two headers is not trusted', () => {
    const req = request('10.0.0.2', { forwarded: 'for=198.51.100.4', 'x-forwarded-for': '192.0.2.60' }, { headers: ['x-forwarded-for'] });
    assert.equal(req.clientIp, '192.0.2.60');
  });
});

describe('TrustedProxies: trusted hosts', () => {
  it('accepts hosts matching a pattern, case-insensitively', () => {
    const trust = new TrustedProxies({ hosts: ['^(.+\\.)?example\\.com$'] });
    assert.equal(new Request({ headers: { host: 'WWW.Example.com' }, trust }).host, 'www.example.com');
  });

  it('rejects other hosts as "Untrusted Host", once', () => {
    const trust = new TrustedProxies({ hosts: ['^example\\.com$'] });
    const req = new Request({ headers: { host: 'attacker.net' }, trust });
    assert.throws(() => req.host, (error: Error) => error instanceof SuspiciousOperationException && error.message === 'Untrusted Host "attacker.net".');
    assert.equal(req.host, '');
  });

  it('checks a forwarded host against the patterns too', () => {
    const trust = new TrustedProxies({ proxies: ['10.0.0.0/8'], hosts: ['^example\\.com$'] });
    const req = new Request({ remoteAddress: '10.0.0.2', headers: { host: 'example.com', 'x-forwarded-host': 'attacker.net' }, trust });
    assert.throws(() => req.host, { message: 'Untrusted Host "attacker.net".' });
  });

  it('refuses a pattern that is not a regular expression', () => {
    assert.throws(() => new TrustedProxies({ hosts: ['(unclosed'] }), /The trusted host pattern "\(unclosed" is not a valid regular expression/);
  });
});
