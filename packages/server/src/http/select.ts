/**
 * Keeps only the `select`ed field paths of a resource (plus `_id`); no select keeps everything.
 * Paths may be dotted (`name.first`, `settings.language`); unknown paths add nothing.
 */
export function pickFields<T extends { _id: string }>(resource: T, select: readonly string[] | undefined): Partial<T> & { _id: string } {
  if (!select?.length) return resource;
  const out: Record<string, unknown> = { _id: resource._id };
  for (const path of select) {
    const keys = path.split('.');
    let source: unknown = resource;
    for (const key of keys) {
      source = source && typeof source === 'object' && Object.hasOwn(source, key) ? (source as Record<string, unknown>)[key] : undefined;
    }
    if (source === undefined) continue;
    let target = out;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) target[key] = source;
      else {
        let next = target[key];
        if (!next || typeof next !== 'object') {
          next = {};
          target[key] = next;
        }
        target = next as Record<string, unknown>;
      }
    });
  }
  return out as Partial<T> & { _id: string };
}
