import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { hasAdmin } from '../modules/admin/first-admin';
import type { FileStorage } from '../modules/storage/file-storage';
import { isDatabaseEmpty, seedDemo } from './demo';
import type { VideoStorage } from '../modules/steps/video-storage';
import { seedDemoCvs } from './demo-cvs';
import { seedDemoInterviewVideos } from './demo-reviews';
import { DEMO } from './demo-ids';

export interface StartUpData {
  /** The demo was seeded in this start. */
  seeded: boolean;
  /** The demo company is in the database (its board URLs are worth printing). */
  demoPresent: boolean;
  /** The demo logins may be printed: not in production (its passwords are public). */
  showDemoLogins: boolean;
  /** No admin account exists: say how to create the first one. */
  needsAdmin: boolean;
}

/**
 * What an empty database gets at start-up. The demo (with its public passwords and invitation
 * link) only outside production, or when the operator asks for it with SEED_DEMO=1: a production
 * instance must never come up with a known admin password.
 */
export async function prepareStartUpData(db: Kysely<Database>, config: Pick<Config, 'nodeEnv' | 'seedDemo'>, storage?: FileStorage, videos?: VideoStorage): Promise<StartUpData> {
  const production = config.nodeEnv === 'production';
  let seeded = false;
  if ((!production || config.seedDemo) && (await isDatabaseEmpty(db))) {
    await seedDemo(db);
    // The demo applications' CVs as real PDF files, where the app reads uploads from.
    if (storage) await seedDemoCvs(db, storage);
    // The candidate page's demo interview answers as real recordings (WebM and MP4).
    if (videos) await seedDemoInterviewVideos(db, videos);
    seeded = true;
  }
  const demoCompany = await db.selectFrom('companies').select('id').where('id', '=', DEMO.companyId).executeTakeFirst();
  return { seeded, demoPresent: demoCompany !== undefined, showDemoLogins: !production && demoCompany !== undefined, needsAdmin: !(await hasAdmin(db)) };
}

/** The start-up lines telling an operator how to create the first admin. */
export function firstAdminHint(): string[] {
  return [
    'No admin account exists yet. Create the first one (it prints a one-time link to set the password):',
    '  npm run admin:create -- --email you@example.com',
    'At its first sign-in the admin sets up two-factor (an authenticator app or a passkey) before anything else.',
  ];
}
