import { mkdirSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type DatabaseHandle, createDatabase, databaseTarget } from './db/database';
import { migrateToLatest } from './db/migrate';
import { claimDataDir } from './operations/data-dir-lock';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { DEMO } from './seed/demo-ids';
import { videoStorageOf } from './modules/steps/video-storage';
import { createFileStores } from './modules/storage/file-stores';
import { firstAdminHint, prepareStartUpData, type StartUpData } from './seed/start-up';

/** Start-up: config, database, migrations, demo seed on an empty database, listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // One process per embedded database: a second server, a backup or a restore would corrupt it.
  let releaseDataDir = () => {};
  if (!config.databaseUrl) {
    try {
      mkdirSync(config.dataDir, { recursive: true });
      releaseDataDir = claimDataDir(config.dataDir, 'starting this server');
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }

  const database = await createDatabase(config);
  let startUp: StartUpData;
  try {
    await migrateToLatest(database.db);
    // The demo applications' CVs and interview answers become real files in the stores the app serves (FILE_STORE).
    const stores = createFileStores(config.fileStore, config.dataDir, database.db);
    startUp = await prepareStartUpData(database.db, config, stores.uploads, videoStorageOf(stores.interviews));
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp({ db: database.db, config });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  handleShutdown(async () => {
    // In-flight requests finish first (an application mid-submit is stored), then the database closes.
    await app.close();
    await database.close();
    releaseDataDir();
  });

  console.log(readyMessage(config, database, startUp));
}

function databaseLabel(config: Config, database: DatabaseHandle): string {
  const target = databaseTarget(config);
  if (target.kind === 'pglite' && target.dataDir) {
    // Short when under the working directory (the usual ./data), absolute otherwise.
    const shown = relative(process.cwd(), target.dataDir);
    return `PGlite at ${shown && !shown.startsWith('..') && !isAbsolute(shown) ? shown : target.dataDir}`;
  }
  return database.description;
}

function readyMessage(config: Config, database: DatabaseHandle, startUp: StartUpData): string {
  // performance.now() counts from process start, so this includes loading TypeScript through tsx.
  const ms = Math.round(performance.now());
  return [
    `Recruitment platform ready in ${ms} ms (${databaseLabel(config, database)})`,
    ...(startUp.demoPresent
      ? [
          `  API            ${config.publicUrl}/v2/boards/${DEMO.boardId}`,
          `  Career site    ${config.publicUrl}/demo/career-site.html`,
          `  Job board      ${config.publicUrl}/board/${DEMO.boardId}`,
        ]
      : []),
    `  Sign-in        ${config.publicUrl}/login`,
    ...(startUp.showDemoLogins ? demoLogins(config) : []),
    ...(startUp.needsAdmin ? firstAdminHint() : []),
    ...(config.nodeEnv !== 'production' && !config.smtpUrl ? [`  Outbox         ${config.publicUrl}/dev/outbox`] : []),
  ].join('\n');
}

function demoLogins(config: Config): string[] {
  return [
    'Demo logins (password sign-in at /login):',
    ...[DEMO_ACCOUNTS.owner, DEMO_ACCOUNTS.viewer, DEMO_ACCOUNTS.otherOwner].map((login) => `  ${login.email.padEnd(30)} ${login.password}`),
    // Admins act only with a second factor (issue 32): the first sign-in leads to its set-up.
    `  ${DEMO_ACCOUNTS.admin.email.padEnd(30)} ${DEMO_ACCOUNTS.admin.password} (admin: sets up two-factor at first sign-in)`,
    `  ${DEMO_ACCOUNTS.applicant.email.padEnd(30)} (applicant: magic link at /login/magic-link)`,
    `  Invitation     ${config.publicUrl}/invite/${DEMO_ACCOUNTS.invitation.invitationLink}`,
  ];
}

/** Closes the server (in-flight requests finish), then the database; a second signal forces the exit. */
function handleShutdown(close: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: shutting down`);
    // A stuck connection must not keep the process alive for ever.
    setTimeout(() => process.exit(1), 10_000).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
