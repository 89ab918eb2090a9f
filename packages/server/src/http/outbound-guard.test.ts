import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { checkOutboundUrl, createOutboundFetch, isPublicAddress, type OutboundPolicy, OutboundRefusedError, outboundRefusalOf, STRICT_OUTBOUND_POLICY } from './outbound-guard';

/**
 * The SSRF guard of calls to company-typed URLs (issue 32; webhooks next), with the development
 * override OFF unless a test says otherwise: every non-public range, literal or resolved, redirects,
 * time and size. A local server counts what reaches it, so a refusal is seen to happen before any
 * connection.
 */

const refusedWith = (reason: string) => (error: unknown) => error instanceof OutboundRefusedError && error.reason === reason;

describe('outbound guard: addresses', () => {
  it('refuses every non-public range, also written as IPv4-mapped IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:192.168.0.1',
      '::ffff:100.64.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'not-an-address',
      '',
    ];
    for (const address of refused) assert.equal(isPublicAddress(address), false, address);
    const allowed = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2a00:1450:4001:82a::200e', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    for (const address of allowed) assert.equal(isPublicAddress(address), true, address);
  });

  it('tells refusable URLs without the network: scheme, credentials, literal addresses in any spelling, localhost', () => {
    const strict = STRICT_OUTBOUND_POLICY;
    assert.equal(checkOutboundUrl('https://login.example.com/tenant', strict), null);
    for (const url of ['http://login.example.com', 'ftp://login.example.com', 'https://user:pw@login.example.com', 'file:///etc/passwd', 'not a url']) {
      assert.equal(checkOutboundUrl(url, strict), 'scheme', url);
    }
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8:8443/',
      'https://100.64.1.1/',
      'https://[fd00::1]/',
      'https://localhost/',
      'https://idp.localhost/',
      'http://127.0.0.1:8080/',
    ]) {
      assert.equal(checkOutboundUrl(url, strict), 'address', url);
    }
    // Development: every private address, plain http only to them.
    const development: OutboundPolicy = { allowPrivate: 'all', allowHttp: true };
    assert.equal(checkOutboundUrl('http://127.0.0.1:3341', development), null);
    assert.equal(checkOutboundUrl('http://localhost:3341', development), null);
    assert.equal(checkOutboundUrl('http://idp.example', development), 'scheme', 'no plain http to the internet');
    // Production with an IdP on the company network: named ranges only, https only.
    const ranges: OutboundPolicy = { allowPrivate: ['10.20.0.0/16', 'fd00::/8'], allowHttp: false };
    assert.equal(checkOutboundUrl('https://10.20.3.4/', ranges), null);
    assert.equal(checkOutboundUrl('https://[fd00::5]/', ranges), null);
    assert.equal(checkOutboundUrl('https://10.21.0.1/', ranges), 'address');
    assert.equal(checkOutboundUrl('https://169.254.169.254/', ranges), 'address');
    assert.equal(checkOutboundUrl('http://10.20.3.4/', ranges), 'scheme');
  });
});

describe('outbound guard: the fetch', () => {
  let server: Server;
  let port = 0;
  const seen: Array<{ url: string; host: string | undefined }> = [];
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end('{}');
  before(async () => {
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? '', host: request.headers.host });
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The local server as "idp.localhost" (a fake DNS), reachable because 127.0.0.1 alone is let through. */
  const lookups: string[] = [];
  const fakeDns = (answers: Record<string, string[]>) => async (hostname: string) => {
    lookups.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const onlyLoopbackOne: OutboundPolicy = { allowPrivate: ['127.0.0.1/32'], allowHttp: true };

  it('with the override off, refuses a literal private address and a name resolving to 127.0.0.1 before connecting', async () => {
    seen.length = 0;
    const strict = createOutboundFetch({ ...STRICT_OUTBOUND_POLICY, resolve: fakeDns({ 'idp.rebind.example': ['127.0.0.1'], 'mixed.example': ['93.184.216.34', '10.0.0.1'], 'mapped.example': ['::ffff:127.0.0.1'] }) });
    await assert.rejects(strict(`https://127.0.0.1:${port}/`), refusedWith('address'));
    await assert.rejects(strict(`http://127.0.0.1:${port}/`), refusedWith('address'));
    await assert.rejects(strict(`https://idp.rebind.example:${port}/.well-known/openid-configuration`), refusedWith('address'));
    await assert.rejects(strict(`https://mapped.example:${port}/`), refusedWith('address'));
    // One private address among public ones refuses the name (no choosing the good one).
    await assert.rejects(strict(`https://mixed.example:${port}/`), refusedWith('address'));
    await assert.rejects(strict(`http://login.example.com/`), refusedWith('scheme'));
    assert.deepEqual(seen, [], 'nothing reached the local server');
    // The same check also for the default (system) resolver: localhost's name is refused up front.
    await assert.rejects(createOutboundFetch(STRICT_OUTBOUND_POLICY)(`https://localhost:${port}/`), refusedWith('address'));
  });

  it('resolves once and connects to the address it checked, with the name as Host', async () => {
    seen.length = 0;
    lookups.length = 0;
    handler = (_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ issuer: 'http://idp.localhost' }));
    };
    const guarded = createOutboundFetch({ ...onlyLoopbackOne, resolve: fakeDns({ 'idp.localhost': ['127.0.0.1'] }) });
    const response = await guarded(`http://idp.localhost:${port}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { issuer: 'http://idp.localhost' });
    assert.deepEqual(lookups, ['idp.localhost']);
    assert.deepEqual(seen, [{ url: '/.well-known/openid-configuration', host: `idp.localhost:${port}` }]);
  });

  it('refuses redirects to private or other addresses, follows allowed ones, and leaves them to a caller asking for manual', async () => {
    seen.length = 0;
    handler = (request, response) => {
      const to: Record<string, string> = {
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
        '/to-other-loopback': `http://127.0.0.2:${port}/secret`,
        '/to-mapped': `http://[::ffff:7f00:1]:${port}/landed`,
        '/to-internal-name': `https://intranet.test:${port}/secret`,
        '/to-https-private': 'https://10.0.0.1/',
        '/to-own-path': '/landed',
      };
      const target = to[request.url ?? ''];
      if (target) {
        response.writeHead(302, { location: target });
        response.end();
        return;
      }
      response.end('landed');
    };
    const guarded = createOutboundFetch({ ...onlyLoopbackOne, resolve: fakeDns({ 'idp.localhost': ['127.0.0.1'], 'intranet.test': ['10.1.1.1'] }) });
    for (const path of ['/to-metadata', '/to-other-loopback', '/to-https-private']) {
      await assert.rejects(guarded(`http://idp.localhost:${port}${path}`), refusedWith('redirect'), path);
    }
    // ::ffff:7f00:1 is 127.0.0.1, which this policy lets through: the mapped spelling is the same address.
    assert.equal(await (await guarded(`http://idp.localhost:${port}/to-mapped`)).text(), 'landed');
    // A name is checked when the next hop resolves it.
    await assert.rejects(guarded(`http://idp.localhost:${port}/to-internal-name`), refusedWith('address'));
    assert.equal(await (await guarded(`http://idp.localhost:${port}/to-own-path`)).text(), 'landed');
    const manual = await guarded(`http://idp.localhost:${port}/to-metadata`, { redirect: 'manual' });
    assert.equal(manual.status, 302, 'openid-client asks for manual: the redirect is answered, never followed');
    assert.ok(!seen.some((request) => request.url === '/secret'));
  });

  it('gives up on a slow server and on a too large answer', async () => {
    handler = (request, response) => {
      if (request.url === '/slow') return; // never answers
      if (request.url === '/large-declared') {
        response.setHeader('content-length', '4096');
        response.end('x'.repeat(4096));
        return;
      }
      // Chunked, no length announced: counted while read.
      response.write('x'.repeat(800));
      response.end('y'.repeat(800));
    };
    const guarded = createOutboundFetch({ ...onlyLoopbackOne, resolve: fakeDns({ 'idp.localhost': ['127.0.0.1'] }), timeoutMs: 300, maxBytes: 1024 });
    const started = Date.now();
    await assert.rejects(guarded(`http://idp.localhost:${port}/slow`), refusedWith('timeout'));
    assert.ok(Date.now() - started < 3000, 'bounded by the timeout');
    await assert.rejects(guarded(`http://idp.localhost:${port}/large-declared`), refusedWith('tooLarge'));
    await assert.rejects(guarded(`http://idp.localhost:${port}/large-chunked`), refusedWith('tooLarge'));
  });

  it('finds its refusal inside the errors a library wraps it in', () => {
    const refusal = new OutboundRefusedError('address');
    const wrapped = new Error('something went wrong', { cause: new TypeError('fetch failed', { cause: refusal }) });
    assert.equal(outboundRefusalOf(wrapped), refusal);
    assert.equal(outboundRefusalOf(new Error('other')), undefined);
    assert.doesNotMatch(refusal.message, /http|127/, 'the message names the rule, never the URL');
  });
});
