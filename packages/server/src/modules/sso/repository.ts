import type { Kysely, Selectable } from 'kysely';
import type { CompanyRoleValue, CompanySsoTable, Database } from '../../db/schema';

export type SsoRepository = ReturnType<typeof createSsoRepository>;

/** A company's IdP row (its `client_secret` is the sealed box, never opened here) with its domains. */
export type StoredSso = Selectable<CompanySsoTable> & { domains: string[] };

/** The rows of single sign-on (migration 0029): company settings, their domains, started sign-ins. */
export function createSsoRepository(db: Kysely<Database>) {
  return {
    async find(companyId: string): Promise<StoredSso | undefined> {
      const row = await db.selectFrom('company_sso').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      const domains = await db.selectFrom('company_sso_domains').select('domain').where('company_id', '=', companyId).orderBy('domain').execute();
      return { ...row, updated_at: new Date(row.updated_at), domains: domains.map((d) => d.domain) };
    },

    /** The company whose IdP signs in `domain`, with its name; suspended companies have none. */
    findByDomain(domain: string) {
      return db
        .selectFrom('company_sso_domains')
        .innerJoin('companies', 'companies.id', 'company_sso_domains.company_id')
        .select(['companies.id as companyId', 'companies.name as companyName'])
        .where('company_sso_domains.domain', '=', domain)
        .where('companies.suspended_at', 'is', null)
        .executeTakeFirst();
    },

    /** Domains of `domains` that another company already holds. */
    async domainsTakenElsewhere(companyId: string, domains: string[]): Promise<string[]> {
      if (!domains.length) return [];
      const rows = await db.selectFrom('company_sso_domains').select('domain').where('domain', 'in', domains).where('company_id', '<>', companyId).execute();
      return rows.map((row) => row.domain);
    },

    /** Replaces the company's setting and domains in one transaction. */
    save(input: Omit<StoredSso, 'updated_at'>, time: Date) {
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
        await trx.deleteFrom('company_sso_domains').where('company_id', '=', input.company_id).execute();
        await trx
          .insertInto('company_sso_domains')
          .values(input.domains.map((domain) => ({ domain, company_id: input.company_id })))
          .execute();
      });
    },

    async remove(companyId: string): Promise<boolean> {
      const result = await db.deleteFrom('company_sso').where('company_id', '=', companyId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
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
