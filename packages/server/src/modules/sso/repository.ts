import type { Kysely, Selectable } from 'kysely';
import type { CompanyRoleValue, CompanySsoTable, Database } from '../../db/schema';

export type SsoRepository = ReturnType<typeof createSsoRepository>;

/** One domain claim of a company (migration 0030): pending while `verifiedAt` is null. */
export interface DomainClaim {
  domain: string;
  token: string;
  verifiedAt: Date | null;
}

/** A company's IdP row (its `client_secret` is the sealed box, never opened here) with its domain claims. */
export type StoredSso = Selectable<CompanySsoTable> & { domains: DomainClaim[] };

/** The verified domains of a setting: the only ones that sign in. */
export const verifiedDomainsOf = (stored: Pick<StoredSso, 'domains'>) => stored.domains.filter((claim) => claim.verifiedAt).map((claim) => claim.domain);

/** The rows of single sign-on (migrations 0029, 0030): company settings, domain claims, started sign-ins. */
export function createSsoRepository(db: Kysely<Database>) {
  async function claims(companyId: string): Promise<DomainClaim[]> {
    const rows = await db.selectFrom('company_domains').select(['domain', 'token', 'verified_at']).where('company_id', '=', companyId).orderBy('domain').execute();
    return rows.map((row) => ({ domain: row.domain, token: row.token, verifiedAt: row.verified_at ? new Date(row.verified_at) : null }));
  }

  return {
    claims,

    async find(companyId: string): Promise<StoredSso | undefined> {
      const row = await db.selectFrom('company_sso').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      return { ...row, updated_at: new Date(row.updated_at), domains: await claims(companyId) };
    },

    /** The company whose IdP signs in `domain`: it verified the domain and has an IdP; suspended companies have none. */
    findByDomain(domain: string) {
      return db
        .selectFrom('company_domains')
        .innerJoin('companies', 'companies.id', 'company_domains.company_id')
        .innerJoin('company_sso', 'company_sso.company_id', 'company_domains.company_id')
        .select(['companies.id as companyId', 'companies.name as companyName'])
        .where('company_domains.domain', '=', domain)
        .where('company_domains.verified_at', 'is not', null)
        .where('companies.suspended_at', 'is', null)
        .executeTakeFirst();
    },

    /** Domains of `domains` another company holds verified (a pending claim elsewhere holds nothing). */
    async domainsVerifiedElsewhere(companyId: string, domains: string[]): Promise<string[]> {
      if (!domains.length) return [];
      const rows = await db
        .selectFrom('company_domains')
        .select('domain')
        .where('domain', 'in', domains)
        .where('company_id', '<>', companyId)
        .where('verified_at', 'is not', null)
        .execute();
      return rows.map((row) => row.domain);
    },

    /**
     * Replaces the company's setting and sets its claims to `domains` in one transaction: claims kept
     * keep their token and verification, new ones start pending with `newToken()`. Answers the
     * claims removed.
     */
    save(input: Omit<StoredSso, 'updated_at' | 'domains'> & { domains: string[] }, time: Date, newToken: () => string): Promise<DomainClaim[]> {
      return db.transaction().execute(async (trx) => {
        const values = {
          issuer: input.issuer,
          client_id: input.client_id,
          client_secret: input.client_secret,
          default_role: input.default_role,
          sso_only: input.sso_only,
          updated_at: time,
        };
        await trx
          .insertInto('company_sso')
          .values({ company_id: input.company_id, ...values })
          .onConflict((c) => c.column('company_id').doUpdateSet(values))
          .execute();
        const removed = await trx
          .deleteFrom('company_domains')
          .where('company_id', '=', input.company_id)
          .$if(input.domains.length > 0, (q) => q.where('domain', 'not in', input.domains))
          .returning(['domain', 'token', 'verified_at'])
          .execute();
        if (input.domains.length) {
          await trx
            .insertInto('company_domains')
            .values(input.domains.map((domain) => ({ company_id: input.company_id, domain, token: newToken(), created_at: time })))
            .onConflict((c) => c.columns(['company_id', 'domain']).doNothing())
            .execute();
        }
        return removed.map((row) => ({ domain: row.domain, token: row.token, verifiedAt: row.verified_at ? new Date(row.verified_at) : null }));
      });
    },

    /**
     * Marks the company's pending claim verified. False when there was none to mark; a unique
     * violation (23505) when another company verified the domain in between.
     */
    async markVerified(companyId: string, domain: string, time: Date): Promise<boolean> {
      const result = await db
        .updateTable('company_domains')
        .set({ verified_at: time })
        .where('company_id', '=', companyId)
        .where('domain', '=', domain)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The IdP row and every claim of the company; answers the claims removed (none when nothing was set up). */
    async remove(companyId: string): Promise<{ removed: boolean; claims: DomainClaim[] }> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('company_sso').where('company_id', '=', companyId).executeTakeFirst();
        const gone = await trx.deleteFrom('company_domains').where('company_id', '=', companyId).returning(['domain', 'token', 'verified_at']).execute();
        return {
          removed: Number(result.numDeletedRows) > 0,
          claims: gone.map((row) => ({ domain: row.domain, token: row.token, verifiedAt: row.verified_at ? new Date(row.verified_at) : null })),
        };
      });
    },

    insertAttempt(row: { state_hash: string; binding_hash: string; company_id: string; redirect_to: string; created_at: Date; expires_at: Date }) {
      return db.insertInto('sso_attempts').values(row).execute();
    },

    /** The attempt of `stateHash`, deleted in the same statement: a state is used once whatever follows. */
    takeAttempt(stateHash: string) {
      return db.deleteFrom('sso_attempts').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
    },

    sweepAttempts(time: Date) {
      return db.deleteFrom('sso_attempts').where('expires_at', '<=', time).execute();
    },

    company(companyId: string) {
      return db.selectFrom('companies').select(['id', 'name', 'settings', 'suspended_at']).where('id', '=', companyId).executeTakeFirst();
    },

    /** The recruiter account of `email` in the company, if any. */
    findMember(companyId: string, email: string) {
      return db.selectFrom('accounts').selectAll().where('company_id', '=', companyId).where('email', '=', email).where('type', '=', 'recruiter').executeTakeFirst();
    },

    /** A just-in-time member: no password (they sign in through the IdP), the company's language. */
    async insertMember(input: { id: string; companyId: string; email: string; role: CompanyRoleValue; firstName: string | null; lastName: string | null; language: string }) {
      await db
        .insertInto('accounts')
        .values({
          id: input.id,
          type: 'recruiter',
          company_id: input.companyId,
          company_role: input.role,
          email: input.email,
          password_hash: null,
          first_name: input.firstName,
          last_name: input.lastName,
          settings: { language: input.language },
        })
        // Two callbacks of one person at once: the second finds the first's account.
        .onConflict((c) => c.columns(['company_id', 'email']).doNothing())
        .execute();
      return db.selectFrom('accounts').selectAll().where('company_id', '=', input.companyId).where('email', '=', input.email).executeTakeFirstOrThrow();
    },

    /** Companies of `companyIds` whose members must sign in through their IdP. */
    async ssoOnlyCompanies(companyIds: string[]): Promise<Set<string>> {
      if (!companyIds.length) return new Set();
      const rows = await db.selectFrom('company_sso').select('company_id').where('company_id', 'in', companyIds).where('sso_only', '=', true).execute();
      return new Set(rows.map((row) => row.company_id));
    },
  };
}
