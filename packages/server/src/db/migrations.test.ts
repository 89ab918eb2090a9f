import assert from 'node:assert/strict';
import { PLACE_CATALOGUE } from '../modules/places/catalogue';
import { describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { isDatabaseEmpty, seedDemo } from '../seed/demo';
import { DEMO, DEMO_PREFIX, demoId } from '../seed/demo-ids';
import { testBackends, withTestDatabase } from '../testing/test-database';
import { newId } from './ids';
import { migrateDownToEmpty, migrateToLatest } from './migrate';
import type { Database } from './schema';

const TABLES = [
  'companies',
  'boards',
  'openings',
  'postings',
  'posting_contents',
  'places',
  'channels',
  'accounts',
  'sessions',
  'auth_tokens',
  'invitations',
  'uploads',
  'candidates',
  'applications',
  'referrals',
  'share_links',
  'audit_log',
  'company_step_processes',
  'opening_step_processes',
  'application_steps',
  'applicant_current_applications',
  'step_access_tokens',
  'interview_answers',
  'application_stage_events',
  'application_pipeline',
  'dashboards',
  'dashboard_recruiters',
  'job_runs',
  'stored_files',
  'stored_file_chunks',
  'application_mails',
  'candidate_notes',
  'candidate_requests',
  'data_removal_tokens',
  'appointments',
  'company_logos',
  'mail_templates',
  'talent_pools',
  'talent_pool_candidates',
  'notification_preferences',
  'two_factor_totp',
  'two_factor_recovery_codes',
  'two_factor_devices',
  'two_factor_keys',
  'passkeys',
  'passkey_challenges',
  'company_sso',
  'company_domains',
  'sso_attempts',
  'webhook_endpoints',
  'webhook_deliveries',
  'api_keys',
] as const;
const ALL_MIGRATIONS = [
  '0001-public-offers',
  '0002-accounts',
  '0003-applications',
  '0004-openings',
  '0005-submission-scope',
  '0006-upload-limits',
  '0007-board-names-contract-codes',
  '0009-apply-form',
  '0010-application-steps',
  '0012-insights',
  '0013-salary-and-job-place',
  '0014-roles-and-job-runs',
  '0015-pipeline-decisions',
  '0016-candidate-notes',
  '0017-candidate-portal',
  '0018-company-settings',
  '0019-team-sessions-suspension',
  '0020-stored-files',
  '0023-notification-mentions',
  '0024-consent-notice',
  '0026-places',
  '0027-two-factor',
  '0028-passkeys',
  '0029-sso',
  '0030-sso-domain-verification',
  '0031-admin-two-factor',
  '0032-webhooks',
  '0033-api-keys',
  '0034-application-sources',
];

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    // ::int because pg answers count(*) as a string and PGlite as a number.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** Runs `statement` expecting the database to refuse it. */
async function assertRefused(statement: Promise<unknown>, message: string): Promise<void> {
  await assert.rejects(statement, (error: Error) => /violates|constraint/i.test(error.message), message);
}

for (const backend of testBackends()) {
  describe(`migrations and demo seed [${backend.name}]`, () => {
    it('migrates an empty database once, then is a no-op; down and up again work', () =>
      withTestDatabase(
        backend,
        async ({ db }) => {
          assert.deepEqual(await migrateToLatest(db), ALL_MIGRATIONS);
          assert.deepEqual(await migrateToLatest(db), [], 'second run applies nothing');
          for (const table of TABLES) assert.ok((await tableNames(db)).includes(table), table);
          assert.equal(await isDatabaseEmpty(db), true);

          assert.deepEqual(await migrateDownToEmpty(db), [...ALL_MIGRATIONS].reverse());
          const left = await tableNames(db);
          for (const table of TABLES) assert.ok(!left.includes(table), `${table} dropped`);
          assert.deepEqual(await migrateToLatest(db), ALL_MIGRATIONS);
        },
        { empty: true },
      ));

    it('seeds once; seeding again changes nothing and overwrites no edit', () =>
      withTestDatabase(backend, async ({ db }) => {
        assert.equal(await isDatabaseEmpty(db), false);
        const before = await rowCounts(db);
        assert.deepEqual(before, {
          companies: 2,
          boards: 2,
          openings: 26,
          postings: 24,
          posting_contents: 59,
          // The shared place catalogue (places/catalogue.ts): every demo place is in it, so no company place.
          places: PLACE_CATALOGUE.length,
          company_logos: 0,
          mail_templates: 0,
          talent_pools: 0,
          talent_pool_candidates: 0,
          notification_preferences: 0,
          // Two-factor (issue 32): nothing seeded; the sealing key is made on first use.
          two_factor_totp: 0,
          two_factor_recovery_codes: 0,
          two_factor_devices: 0,
          two_factor_keys: 0,
          // Passkeys (issue 32): the demo seed has none; the test databases give the demo admin one
          // (an admin must have a factor before acting: testing/test-seed.ts).
          passkeys: 1,
          passkey_challenges: 0,
          // Single sign-on (issue 32): no company has an IdP in the demo.
          company_sso: 0,
          company_domains: 0,
          sso_attempts: 0,
          // Webhooks and API keys (issue 30): none in the demo.
          webhook_endpoints: 0,
          webhook_deliveries: 0,
          api_keys: 0,
          // +3 share channels, +670 applications (624 candidates), +1 referral of the analytics demo (demo-insights.ts).
          channels: 29,
          accounts: 5,
          sessions: 0,
          auth_tokens: 0,
          // The candidate portal (issue 12): nothing seeded.
          candidate_requests: 0,
          data_removal_tokens: 0,
          appointments: 0,
          invitations: 1,
          uploads: 0,
          // +2 candidates who finished the step-flow opening's process, for the candidate page (issue 11, demo-reviews.ts).
          candidates: 690,
          applications: 736,
          referrals: 2,
          share_links: 1,
          audit_log: 0,
          // The step flow's demo: one opening's process, Camille's three steps (issue 10); three steps for
          // each of the 45 applications of the two pipeline demo openings (issue 11).
          company_step_processes: 0,
          opening_step_processes: 1,
          // +6: the two candidates of the candidate page's demo (demo-reviews.ts).
          application_steps: 144,
          applicant_current_applications: 0,
          step_access_tokens: 0,
          interview_answers: 0,
          // 90 days of applications with their stage history for the dashboards (issue 14).
          // +126 for the two pipeline demo openings and a NEW for each other application (issue 11): every application has a stage.
          // +2: the candidate page's two demo candidates get their NEW too.
          application_stage_events: 1846,
          application_pipeline: 736,
          dashboards: 2,
          dashboard_recruiters: 0,
          job_runs: 0,
          stored_files: 0,
          stored_file_chunks: 0,
          application_mails: 0,
          // A note on each of the two (issue 11).
          candidate_notes: 2,
        });

        await db.updateTable('companies').set({ name: 'Lumen Robotics SA' }).where('id', '=', DEMO.companyId).execute();
        await seedDemo(db);
        await seedDemo(db);
        assert.deepEqual(await rowCounts(db), before);
        const company = await db.selectFrom('companies').select('name').where('id', '=', DEMO.companyId).executeTakeFirstOrThrow();
        assert.equal(company.name, 'Lumen Robotics SA');
        const board = await db.selectFrom('boards').select('spontaneous_channel_id').where('id', '=', DEMO.boardId).executeTakeFirstOrThrow();
        assert.equal(board.spontaneous_channel_id, DEMO.spontaneousChannelId);
      }));

    it('refuses rows that would cross tenants or break the rules', () =>
      withTestDatabase(backend, async ({ db }) => {
        const nordwindPosting = demoId(DEMO_PREFIX.posting, 0x101);
        await assertRefused(
          db
            .insertInto('channels')
            .values({ id: newId(), company_id: DEMO.companyId, posting_id: nordwindPosting, board_id: DEMO.boardId, kind: 'BOARD' })
            .execute(),
          'a Lumen channel cannot point at a Nordwind posting',
        );
        await assertRefused(
          db
            .insertInto('channels')
            .values({ id: newId(), company_id: DEMO.otherCompanyId, posting_id: nordwindPosting, board_id: DEMO.boardId, kind: 'BOARD' })
            .execute(),
          'a Nordwind posting cannot be listed on the Lumen board',
        );
        await assertRefused(
          db
            .insertInto('channels')
            .values({ id: newId(), company_id: DEMO.companyId, posting_id: demoId(DEMO_PREFIX.posting, 1), board_id: DEMO.boardId, kind: 'BOARD' })
            .execute(),
          'a posting is listed once per board',
        );
        await assertRefused(
          db.insertInto('channels').values({ id: newId(), company_id: DEMO.companyId, posting_id: demoId(DEMO_PREFIX.posting, 1), kind: 'BOARD' }).execute(),
          'a BOARD channel needs a board',
        );
        await assertRefused(
          sql`update openings set status = 'DELETED' where id = ${demoId(DEMO_PREFIX.opening, 1)}`.execute(db),
          'opening status is checked',
        );
        await assertRefused(
          sql`update boards set spontaneous_channel_id = ${DEMO.otherSampleChannelId} where id = ${DEMO.boardId}`.execute(db),
          'a board cannot use another company’s channel as its spontaneous offer',
        );
      }));
  });
}

describe('newId', () => {
  it('makes 24-hex ids led by the creation second, all different', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const ids = Array.from({ length: 1000 }, () => newId(now));
    for (const id of ids) assert.match(id, /^[0-9a-f]{24}$/);
    assert.equal(Number.parseInt(ids[0]?.slice(0, 8) ?? '', 16), now.getTime() / 1000);
    assert.equal(new Set(ids).size, ids.length);
  });
});
