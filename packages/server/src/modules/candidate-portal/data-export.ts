import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '../storage/file-storage';

/**
 * The candidate's data as one zip: `data.json` plus every uploaded file under `files/`.
 * yazl rather than archiver: it streams a plain zip with no dependencies of its own, which is all
 * a download needs (archiver's tar/glob/format plug-ins would be weight we never use); the zip is
 * compressed while the response is sent. Files come whole from `FileStorage.get` (a candidate has a
 * few uploads of at most the upload limit each).
 */
export interface ExportFile {
  /** The name inside the zip (already made safe by `zipEntryName`). */
  name: string;
  storageKey: string;
}

/** The one place the portal reads stored files: through the storage interface, whatever the driver. */
export async function readStoredFile(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  return storage.get(key);
}

/** A file name safe in a zip on every system: no folders, no control or reserved characters. */
export function zipEntryName(prefix: string, originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const safe = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^\.+/, '').slice(0, 120);
  return `files/${prefix}-${safe || 'file'}`;
}

export async function candidateZip(data: unknown, files: readonly ExportFile[], storage: FileStorage): Promise<Readable> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8'), 'data.json');
  for (const file of files) {
    const bytes = await readStoredFile(storage, file.storageKey);
    // A file missing from the storage is said in the zip rather than silently left out.
    if (bytes) zip.addBuffer(bytes, file.name);
    else zip.addBuffer(Buffer.from('This file could not be read from the storage.\n'), `${file.name}.missing.txt`);
  }
  zip.end();
  return zip.outputStream as Readable;
}
