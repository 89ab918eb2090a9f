import type { FileStorage, RemovalLog } from './file-storage';

/** Which stored files a namespace's records name (uploads and logos, step progress, interview answers). */
export interface NamedKeys {
  existingKeys(keys: readonly string[]): Promise<Set<string>>;
}

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
 * Removes what a crash leaves in one namespace of the file store: temporary files of writes that
 * never finished, and stored files no record names (written before their record, or whose record
 * is gone). Staged files are renamed to their key only after the record commits, so a stored file
 * without a record is never an upload in progress (growing files: see `orphanMinAgeMs`).
 */
export async function removeOrphanFiles(deps: {
  storage: FileStorage;
  named: NamedKeys;
  log: RemovalLog;
  /** File times are the real clock's, whatever clock the app runs on. */
  now?: () => Date;
  /**
   * Spares stored files younger than this: where a file exists before its record (an interview
   * answer is created, then its row written), a fresh one may be a write under way.
   */
  orphanMinAgeMs?: number;
}): Promise<{ partial: number; orphans: number }> {
  const { storage, named, log, now = () => new Date(), orphanMinAgeMs = 0 } = deps;
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
    const batch = stored.slice(start, start + BATCH);
    const known = await named.existingKeys(batch.map((file) => file.name));
    const old = (file: { modifiedAt: Date }) => now().getTime() - file.modifiedAt.getTime() >= orphanMinAgeMs;
    unnamed.push(...batch.filter((file) => !known.has(file.name) && old(file)).map((file) => file.name));
  }
  if (unnamed.length > SUSPICIOUS_ORPHANS && unnamed.length * 2 > stored.length) {
    log.error({ unnamed: unnamed.length, files: stored.length }, 'the database names almost none of the uploaded files: is it the right database? Nothing removed');
    return { partial, orphans: 0 };
  }
  let orphans = 0;
  for (const key of unnamed) {
    await storage.remove(key).then(
      () => orphans++,
      (error: unknown) => log.error({ err: error, storageKey: key }, 'could not remove a file no record names'),
    );
  }
  return { partial, orphans };
}
