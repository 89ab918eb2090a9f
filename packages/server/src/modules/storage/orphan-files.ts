import type { FileStorage, RemovalLog } from './file-storage';
import type { UploadRepository } from './repository';

/**
 * A write under way takes milliseconds (the body is already in memory); a temporary file older
 * than this was left by a crash (kill -9, power loss) and is never finished.
 */
export const PARTIAL_FILE_MAX_AGE_MS = 10 * 60 * 1000;

/** How many keys one query checks. */
const BATCH = 500;

/**
 * A database that names almost none of the files is the wrong database (a mistyped
 * DATABASE_URL, an old backup restored), not a disk full of leftovers: removing would destroy
 * every CV. Above this many orphans making up more than half the files, nothing is removed.
 */
const SUSPICIOUS_ORPHANS = 10;

/**
 * Removes what a crash leaves on disk: temporary files of writes that never finished, and stored
 * files no upload record names (written before their record, or whose record is gone). Files are
 * renamed to their key only after the record commits, so a stored file without a record is never
 * an upload in progress.
 */
export async function removeOrphanFiles(deps: {
  storage: FileStorage;
  uploads: Pick<UploadRepository, 'existingKeys'>;
  log: RemovalLog;
  /** File times are the real clock's, whatever clock the app runs on. */
  now?: () => Date;
}): Promise<{ partial: number; orphans: number }> {
  const { storage, uploads, log, now = () => new Date() } = deps;
  const { stored, temporary } = await storage.list();
  let partial = 0;
  for (const file of temporary) {
    if (now().getTime() - file.modifiedAt.getTime() < PARTIAL_FILE_MAX_AGE_MS) continue;
    await storage.removeTemporary(file.name).then(
      () => partial++,
      (error: unknown) => log.error({ err: error }, 'could not remove a partial upload'),
    );
  }
  const unnamed: string[] = [];
  for (let start = 0; start < stored.length; start += BATCH) {
    const keys = stored.slice(start, start + BATCH).map((file) => file.name);
    const known = await uploads.existingKeys(keys);
    unnamed.push(...keys.filter((key) => !known.has(key)));
  }
  if (unnamed.length > SUSPICIOUS_ORPHANS && unnamed.length * 2 > stored.length) {
    log.error({ unnamed: unnamed.length, files: stored.length }, 'the database names almost none of the uploaded files: is it the right database? Nothing removed');
    return { partial, orphans: 0 };
  }
  let orphans = 0;
  for (const key of unnamed) {
    await storage.remove(key).then(
      () => orphans++,
      (error: unknown) => log.error({ err: error, storageKey: key }, 'could not remove a file no upload names'),
    );
  }
  return { partial, orphans };
}
