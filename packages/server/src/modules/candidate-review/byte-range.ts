/** The most one answer to a range request carries: the player asks again for the rest, memory stays bounded. */
export const MAX_RANGE_BYTES = 2 * 1024 * 1024;

export type RangeRequest = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * The part of a `size`-byte file a `Range` header asks for (RFC 9110 §14): one `bytes=` range,
 * `start-end`, `start-` or the suffix `-length`; `end` is clamped to the file and the part to
 * MAX_RANGE_BYTES (a shorter 206 is allowed: Content-Range says what was sent). Several ranges
 * or another unit are answered with the whole file, as the RFC allows a server to ignore Range;
 * a syntactically valid range that starts past the end is unsatisfiable (416).
 */
export function rangeOf(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  let start: number;
  let end: number;
  if (first === '') {
    // The last `last` bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - length);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return { kind: 'whole' };
    if (start >= size) return { kind: 'unsatisfiable' };
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, start + MAX_RANGE_BYTES - 1) };
}
