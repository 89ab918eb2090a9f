/**
 * Route paths use `:name` segments (`/board/:board_id`) and an optional last `*name`
 * segment that takes the rest of the path (a catch-all over any depth, `''` when empty).
 * A pattern compiles once to a RegExp; params come back decoded. `:name` segments never
 * match across `/`.
 */
export interface PathPattern {
  readonly path: string;
  readonly names: readonly string[];
  readonly regexp: RegExp;
}

export function compilePath(path: string): PathPattern {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith('*')) {
        names.push(segment.slice(1));
        return '(.+?)';
      }
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { path, names, regexp: new RegExp(`^${source === '' ? '/' : source}/?$`) };
}

export function matchPath(pattern: PathPattern, pathname: string): Record<string, string> | null {
  const found = pattern.regexp.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  for (const [index, name] of pattern.names.entries()) {
    const raw = found[index + 1] ?? '';
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      return null; // a malformed %-escape is no match rather than a crash
    }
  }
  return params;
}
