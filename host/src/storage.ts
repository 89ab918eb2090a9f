import { browserStorage, type KeyValueStorage } from '@rec/stores';

/** Local browser storage for components (null where the browser refuses it). */
export function browserStorageOrNull(): KeyValueStorage | null {
  return browserStorage();
}
