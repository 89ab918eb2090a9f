import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';

/**
 * Proof of domain ownership for single sign-on (issue 32): the owner publishes a TXT record
 *   _rec-verification.<domain>  TXT  "rec-domain-verification=<token>"
 * and asks us to look. A record under its own name (as Okta's `_oktaverification`) leaves the
 * domain's own TXT records (SPF, other vendors') alone and is easy to remove afterwards.
 */
export const RECORD_LABEL = '_rec-verification';
export const RECORD_PREFIX = 'rec-domain-verification=';

export const recordNameOf = (domain: string) => `${RECORD_LABEL}.${domain}`;
export const recordValueOf = (token: string) => `${RECORD_PREFIX}${token}`;
/** 128 random bits in hex: a value nobody but the company's owner can have published. */
export const newDomainToken = () => randomBytes(16).toString('hex');

/** TXT records of a name, each as its character strings (DNS splits long ones), as node:dns answers them. */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** What the lookup found: the token, a record with another value, none, or no answer at all. */
export type DomainCheck = 'verified' | 'mismatch' | 'missing' | 'lookupFailed';

/** Seconds a lookup may take before it counts as failed (an owner waits on the answer). */
const LOOKUP_TIMEOUT_MS = 5000;

/** The system's resolvers, or DNS_SERVERS; a few seconds and two tries per server. */
export function createTxtResolver(servers?: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers?.length) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
}

/** NXDOMAIN and "no TXT record" are a missing record; anything else (SERVFAIL, timeout) is a failed lookup. */
const MISSING_CODES = new Set(['ENOTFOUND', 'ENODATA']);

export async function checkDomainRecord(resolve: TxtResolver, domain: string, token: string): Promise<DomainCheck> {
  let records: string[][];
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })), LOOKUP_TIMEOUT_MS);
    });
    records = await Promise.race([resolve(recordNameOf(domain)), timeout]);
  } catch (error) {
    return MISSING_CODES.has((error as { code?: string } | null)?.code ?? '') ? 'missing' : 'lookupFailed';
  } finally {
    clearTimeout(timer);
  }
  const values = records.map((chunks) => chunks.join('').trim());
  if (values.includes(recordValueOf(token))) return 'verified';
  return values.some((value) => value.startsWith(RECORD_PREFIX)) ? 'mismatch' : 'missing';
}
