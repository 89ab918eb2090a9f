import type { Kysely } from 'kysely';
import type { Database, NewAccount } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { tokenHash } from '../modules/auth/tokens';
import { DEMO, demoId } from './demo-ids';

const ACCOUNT_PREFIX = '64b0acc0';

/**
 * The demo logins (printed by `npm start`, used by the tests and the host app's examples). The
 * passwords are public demo values; they are hashed with the production cost at seed time.
 */
export const DEMO_ACCOUNTS = {
  owner: { id: demoId(ACCOUNT_PREFIX, 1), email: 'claire.owner@lumen.example', password: 'lumen-owner-2026', firstName: 'Claire', lastName: 'Dubois', language: 'fr' },
  viewer: { id: demoId(ACCOUNT_PREFIX, 2), email: 'victor.viewer@lumen.example', password: 'lumen-viewer-2026', firstName: 'Victor', lastName: 'Lang', language: 'en' },
  otherOwner: { id: demoId(ACCOUNT_PREFIX, 3), email: 'nora.owner@nordwind.example', password: 'nordwind-owner-2026', firstName: 'Nora', lastName: 'Berg', language: 'de' },
  admin: { id: demoId(ACCOUNT_PREFIX, 4), email: 'ada.admin@rec.example', password: 'rec-admin-2026', firstName: 'Ada', lastName: 'Admin', language: 'en' },
  applicant: { id: demoId(ACCOUNT_PREFIX, 5), email: 'camille.candidate@example.com', firstName: 'Camille', lastName: 'Martin', language: 'fr' },
  /** A pending invitation of new.recruiter@lumen.example to Lumen Robotics (viewer). */
  invitation: {
    id: demoId('64b01a71', 1),
    email: 'new.recruiter@lumen.example',
    /** The fixed demo link value: `/invite/<invitationLink>` on the host, `GET /v2/recruiters/invite/<invitationLink>` on the API. */
    invitationLink: 'demo-invitation-lumen-robotics-new-recruiter-2026',
  },
} as const;

/**
 * Inserts the demo accounts and the invitation (fixed ids, `on conflict do nothing`). Passwords
 * are hashed only for accounts not there yet, so a second run costs nothing.
 */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<void> {
  const { owner, viewer, otherOwner, admin, applicant, invitation } = DEMO_ACCOUNTS;
  const withPassword = [
    { login: owner, type: 'recruiter' as const, company_id: DEMO.companyId, company_role: 'owner' as const },
    { login: viewer, type: 'recruiter' as const, company_id: DEMO.companyId, company_role: 'viewer' as const },
    { login: otherOwner, type: 'recruiter' as const, company_id: DEMO.otherCompanyId, company_role: 'owner' as const },
    { login: admin, type: 'admin' as const, company_id: null, company_role: null },
  ];
  const present = new Set(
    (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('id', 'in', [...withPassword.map((entry) => entry.login.id), applicant.id])
        .execute()
    ).map((row) => row.id),
  );
  const missing = withPassword.filter((entry) => !present.has(entry.login.id));
  const hashes = await Promise.all(missing.map((entry) => hashPassword(entry.login.password)));
  const rows: NewAccount[] = missing.map((entry, index) => ({
    id: entry.login.id,
    type: entry.type,
    company_id: entry.company_id,
    company_role: entry.company_role,
    email: entry.login.email,
    password_hash: hashes[index] ?? null,
    first_name: entry.login.firstName,
    last_name: entry.login.lastName,
    settings: { language: entry.login.language },
  }));
  if (!present.has(applicant.id)) {
    rows.push({
      id: applicant.id,
      type: 'applicant',
      company_id: null,
      company_role: null,
      email: applicant.email,
      password_hash: null,
      first_name: applicant.firstName,
      last_name: applicant.lastName,
      settings: { language: applicant.language },
    });
  }
  await db.transaction().execute(async (trx) => {
    if (rows.length) await trx.insertInto('accounts').values(rows).onConflict((oc) => oc.doNothing()).execute();
    const now = new Date();
    await trx
      .insertInto('invitations')
      .values({
        id: invitation.id,
        company_id: DEMO.companyId,
        email: invitation.email,
        company_role: 'viewer',
        token_hash: tokenHash(invitation.invitationLink),
        invited_by: owner.id,
        created_at: now,
        // A demo link must keep working long after the first start (real invitations last 7 days).
        expires_at: new Date('2099-12-31T00:00:00Z'),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
