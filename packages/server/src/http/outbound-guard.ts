import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the server calls a URL that a company typed (SSO issuers and the endpoints their
 * discovery documents name; webhooks next): a guard against server-side request forgery.
 *
 * - Only https (plain http only outside production, to a host the policy lets through as private).
 * - Every address a name resolves to must be public: loopback, RFC 1918, link-local (the cloud
 *   metadata address 169.254.169.254), CGNAT, unique-local, multicast, documentation and reserved
 *   ranges are refused, also written as IPv4-mapped IPv6. One bad address refuses the name.
 * - The name is resolved once, by the connection itself (`lookup` of node:http), and the socket
 *   connects to the address just checked: no second lookup a DNS rebinding could answer differently.
 * - Redirects are followed only when the caller asks, each hop checked again; bounded time and size.
 *
 * `OUTBOUND_ALLOW_PRIVATE` (docs/operations.md) lets non-public addresses through: all of them for
 * development and tests, or named ranges for an IdP on the company's own network.
 */

export type OutboundRefusalReason = 'scheme' | 'address' | 'redirect' | 'timeout' | 'tooLarge';

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  constructor(readonly reason: OutboundRefusalReason) {
    // The message names the rule only: never the URL (it may carry a company's secret or a token).
    super(`outbound request refused: ${reason}`);
  }
}

/** The refusal inside `error` (openid-client wraps what its fetch throws in `cause`). */
export function outboundRefusalOf(error: unknown): OutboundRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface OutboundPolicy {
  /** Non-public addresses let through: 'all' (development, tests), CIDR ranges (an IdP on the company network), or none ([]). */
  allowPrivate: 'all' | readonly string[];
  /** Plain http to such a let-through host (never in production: app.ts sets it from NODE_ENV). */
  allowHttp: boolean;
}

/** Production's policy: public https only. */
export const STRICT_OUTBOUND_POLICY: OutboundPolicy = { allowPrivate: [], allowHttp: false };

// --- addresses ---------------------------------------------------------------------------------

/** Every IPv4 range that is not the public internet (IANA special-purpose registry, RFC 6890). */
const NON_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches this host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
/** Public IPv6 is global unicast 2000::/3, minus these. Everything outside it (::1, ::, fc00::/7, fe80::/10, ff00::/8, 64:ff9b::/96...) is not public. */
const NON_PUBLIC_V6_IN_GLOBAL: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments, Teredo (tunnels to an embedded IPv4)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an embedded IPv4 address)
  ['3fff::', 20], // documentation
];

const nonPublicV4 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4');
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const nonPublicV6 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V6_IN_GLOBAL) nonPublicV6.addSubnet(network, prefix, 'ipv6');

/** An address in its one spelling: IPv4 dotted, IPv6 compressed and lower-case; IPv4-mapped IPv6 as its IPv4. */
export function canonicalAddress(address: string): string | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return undefined;
  // The URL parser writes IPv6 one way (::ffff:127.0.0.1 and 0:0:0:0:0:ffff:7f00:1 both become ::ffff:7f00:1).
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const high = Number.parseInt(mapped[1] ?? '0', 16);
  const low = Number.parseInt(mapped[2] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True for an address of the public internet; false for any other address and for what is no address. */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  if (isIP(canonical) === 4) return !nonPublicV4.check(canonical, 'ipv4');
  return globalV6.check(canonical, 'ipv6') && !nonPublicV6.check(canonical, 'ipv6');
}

/** The policy's "may this non-public address be reached": all, some ranges, or none. */
export function privateAllowance(policy: OutboundPolicy): (canonical: string) => boolean {
  if (policy.allowPrivate === 'all') return () => true;
  if (!policy.allowPrivate.length) return () => false;
  const list = new BlockList();
  for (const range of policy.allowPrivate) {
    const [network = '', prefix] = range.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(network, prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix), family);
  }
  return (canonical) => list.check(canonical, isIP(canonical) === 6 ? 'ipv6' : 'ipv4');
}

/** A valid CIDR range or address for OUTBOUND_ALLOW_PRIVATE (config.ts checks each entry with it). */
export function isAddressRange(range: string): boolean {
  const [network = '', prefix, extra] = range.split('/');
  const family = isIP(network);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32);
}

// --- URLs -------------------------------------------------------------------------------------

const isLocalName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

/**
 * What can be told of a URL without the network: its scheme, credentials, a literal address, a
 * `localhost` name. Null when it may be tried (names are checked again, resolved, at each connection).
 */
export function checkOutboundUrl(target: string | URL, policy: OutboundPolicy): OutboundRefusalReason | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'scheme';
  const allowed = privateAllowance(policy);
  const literal = canonicalAddress(url.hostname);
  const hostname = url.hostname.toLowerCase();
  let privateHost = false;
  if (literal) {
    if (!isPublicAddress(literal)) {
      if (!allowed(literal)) return 'address';
      privateHost = true;
    }
  } else if (isLocalName(hostname)) {
    if (!allowed('127.0.0.1')) return 'address';
    privateHost = true;
  }
  // Plain http leaves the machine only for a host we know is private (and never in production).
  if (url.protocol === 'http:' && !(policy.allowHttp && privateHost)) return 'scheme';
  return null;
}

// --- the fetch -------------------------------------------------------------------------------

export interface OutboundFetchInit {
  method?: string | undefined;
  headers?: HeadersInit | Record<string, string> | undefined;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null | undefined;
  redirect?: 'follow' | 'manual' | 'error' | undefined;
  signal?: AbortSignal | null | undefined;
}
export type OutboundFetch = (input: string | URL, init?: OutboundFetchInit) => Promise<Response>;

export interface OutboundFetchOptions extends OutboundPolicy {
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  /** The largest answer body read; a larger one is refused. */
  maxBytes?: number;
  maxRedirects?: number;
  /** How a name becomes addresses (tests give a fake; default: the system resolver, as node:http would). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Discovery documents and key sets are a few kilobytes; a megabyte is generous. */
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const USER_AGENT = 'rec-platform';

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

function bodyBytes(body: OutboundFetchInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError('a streamed body is not supported by the outbound fetch');
}

/**
 * A `fetch` for URLs from outside (openid-client's `customFetch`, webhooks): answers a real
 * `Response`, throws OutboundRefusedError when the guard refuses a URL, an address, a redirect,
 * a slow or a too large answer.
 */
export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const policy: OutboundPolicy = { allowPrivate: options.allowPrivate, allowHttp: options.allowHttp };
  const allowed = privateAllowance(policy);
  const resolve = options.resolve ?? defaultResolve;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  /** node:net's lookup hook: resolves, refuses the name if any address is not allowed, hands the socket the checked ones. */
  const guardedLookup = (protocol: string, refuse: (error: OutboundRefusedError) => void): LookupFunction =>
    ((hostname: string, lookupOptions: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
      resolve(hostname).then(
        (found) => {
          // Mapped IPv6 answers become the IPv4 address they are (and are connected to as such).
          const all = found.map((entry) => canonicalAddress(entry.address) ?? '').map((address) => ({ address, family: isIP(address) }));
          const fine = (address: string) => (isPublicAddress(address) ? protocol === 'https:' : allowed(address) && (protocol === 'https:' || policy.allowHttp));
          // Every address of the name is checked, also those of the family not asked for.
          const addresses = all.filter((entry) => !lookupOptions.family || entry.family === lookupOptions.family);
          if (!addresses.length || !all.every((entry) => entry.address && fine(entry.address))) {
            const error = new OutboundRefusedError(all.length && all.every((entry) => isPublicAddress(entry.address)) ? 'scheme' : 'address');
            refuse(error);
            callback(error);
            return;
          }
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, addresses[0]?.address, addresses[0]?.family);
        },
        (error: unknown) => callback(error),
      );
    }) as unknown as LookupFunction;

  function once(url: URL, method: string, headers: Headers, body: Buffer | undefined, signal: AbortSignal | undefined, deadline: number): Promise<Response> {
    return new Promise<Response>((resolvePromise, reject) => {
      let refusal: OutboundRefusedError | undefined;
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(refusal ?? error);
      };
      const succeed = (response: Response) => {
        if (settled) return;
        settled = true;
        resolvePromise(response);
      };
      const outgoing: Record<string, string> = {};
      headers.forEach((value, name) => {
        outgoing[name] = value;
      });
      outgoing['user-agent'] ??= USER_AGENT;
      // Compressed answers would need decoding here; asking for none keeps the size bound honest.
      outgoing['accept-encoding'] = 'identity';
      if (body) outgoing['content-length'] = String(body.length);
      const literal = canonicalAddress(url.hostname);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send({
        protocol: url.protocol,
        hostname: literal ?? url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: outgoing,
        agent: false,
        // A literal address is checked by checkOutboundUrl and never looked up; a name is looked up here.
        lookup: guardedLookup(url.protocol, (error) => {
          refusal = error;
        }),
        ...(literal ? {} : { servername: url.hostname }),
      });
      const timer = setTimeout(() => {
        refusal = new OutboundRefusedError('timeout');
        request.destroy(refusal);
      }, Math.max(0, deadline - Date.now()));
      const onAbort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      request.on('error', (error) => {
        done();
        fail(error);
      });
      // A request destroyed after its answer began may end with no error event: never left pending.
      // (A complete answer may still be emitting its end: that settles it.)
      let answer: IncomingMessage | undefined;
      request.on('close', () => {
        if (answer?.complete && !refusal) return;
        done();
        fail(new Error('connection closed before the answer was complete'));
      });
      request.on('response', (response: IncomingMessage) => {
        answer = response;
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          refusal = new OutboundRefusedError('tooLarge');
          request.destroy(refusal);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            refusal = new OutboundRefusedError('tooLarge');
            request.destroy(refusal);
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => {
          done();
          fail(error);
        });
        response.on('end', () => {
          done();
          // An answer read to its end after it was found too large is still refused.
          if (refusal) {
            fail(refusal);
            return;
          }
          const answerHeaders = new Headers();
          for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) answerHeaders.append(response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '');
          const status = response.statusCode ?? 502;
          if (status < 200 || status > 599) {
            fail(new TypeError(`unexpected status ${status}`));
            return;
          }
          succeed(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, statusText: response.statusMessage ?? '', headers: answerHeaders }));
        });
      });
      request.end(body);
    });
  }

  return async function outboundFetch(input, init = {}) {
    const deadline = Date.now() + timeoutMs;
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers as HeadersInit | undefined);
    let body = bodyBytes(init.body);
    const signal = init.signal ?? undefined;
    const first = checkOutboundUrl(url, policy);
    if (first) throw new OutboundRefusedError(first);
    for (let hop = 0; ; hop += 1) {
      const response = await once(url, method, headers, body, signal, deadline);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location || init.redirect === 'manual') return response;
      if (init.redirect === 'error') throw new TypeError('redirect refused by the caller');
      if (hop >= maxRedirects) throw new OutboundRefusedError('redirect');
      const next = new URL(location, url);
      // A hop the first URL could not have named is refused (an https page sending us to the metadata address).
      if (checkOutboundUrl(next, policy)) throw new OutboundRefusedError('redirect');
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
  };
}
