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
  let orphans = 0;
  for (let start = 0; start < stored.length; start += BATCH) {
    const keys = stored.slice(start, start + BATCH).map((file) => file.name);
    const known = await uploads.existingKeys(keys);
    for (const key of keys) {
      if (known.has(key)) continue;
      await storage.remove(key).then(
        () => orphans++,
        (error: unknown) => log.error({ err: error, storageKey: key }, 'could not remove a file no upload names'),
      );
    }
  }
  return { partial, orphans };
}
