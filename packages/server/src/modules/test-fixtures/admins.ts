import { randomBytes } from 'node:crypto';
import type { FixtureAdmin, FixtureAdminOptions } from '@rec/core/test-fixtures';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import type { SessionService } from '../auth/sessions';
import type { Clock } from '../auth/tokens';
import type { TwoFactorRepository } from '../two-factor/repository';
import type { SecretBox } from '../two-factor/secret-box';
import { newTotpSecret } from '../two-factor/totp';

/**
 * A platform admin for one end-to-end test (test servers only). The product rule holds for it: an
 * admin acts only with a second factor, so an `enrolled` fixture admin gets a confirmed
 * authenticator app (as if it had scanned the QR code) before its session is made, and that
 * session is complete because the factor exists, not because a test switch skipped the rule.
 */
export function createFixtureAdmins(deps: { db: Kysely<Database>; sessions: SessionService; twoFactor: TwoFactorRepository; box: SecretBox; cookieName: string; now: Clock }) {
  const { db, sessions, twoFactor, box, cookieName, now } = deps;
  return {
    async create(body: FixtureAdminOptions): Promise<FixtureAdmin> {
      const id = newId();
      const email = `admin.${randomBytes(4).toString('hex')}@fixture.example`;
      await db
        .insertInto('accounts')
        .values({
          id,
          type: 'admin',
          company_id: null,
          company_role: null,
          email,
          password_hash: body.password ? await hashPassword(body.password) : null,
          first_name: 'Ada',
          last_name: 'Fixture',
          settings: { language: body.language },
        })
        .execute();
      if (!body.enrolled) return { _id: id, email, sessionCookie: cookieName, session: null, totpSecret: null };
      const secret = newTotpSecret();
      await twoFactor.startTotp(email, await box.seal(secret), now());
      // Confirmed at step 0: every code the test computes from now on is a later step, so accepted once.
      await twoFactor.acceptStep(email, 0, now());
      // The factor was proven when it was set up (no code is asked of this one session).
      const { token } = await sessions.create(id, 'end-to-end fixture', { factorProven: true });
      return { _id: id, email, sessionCookie: cookieName, session: token, totpSecret: secret };
    },
  };
}
