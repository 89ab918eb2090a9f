/** Stores another window may ask us to refresh (spec §3/§4). */
export const REFRESHABLE_RESOURCES = ['recruiter', 'company', 'opening'] as const;
export type RefreshableResource = (typeof REFRESHABLE_RESOURCES)[number];

export interface RefreshRequest {
  resourceName: RefreshableResource;
  /** Fields to re-read (the `select` of the fetch); empty: the whole resource. */
  projections: string[];
}

type MessageLike = Pick<MessageEvent, 'origin' | 'data'>;

/**
 * The refresh request a `message` event carries, or null: only `{ type: 'REFRESH_RESOURCE' }`
 * from exactly `origin` (scheme, host and port; no prefix or suffix tricks) and for a known store.
 */
export function refreshRequestOf(event: MessageLike, origin: string): RefreshRequest | null {
  if (typeof event.origin !== 'string' || event.origin !== origin) return null;
  const data = event.data as unknown;
  if (!data || typeof data !== 'object') return null;
  const { type, resourceName, projections } = data as { type?: unknown; resourceName?: unknown; projections?: unknown };
  if (type !== 'REFRESH_RESOURCE') return null;
  if (!(REFRESHABLE_RESOURCES as readonly unknown[]).includes(resourceName)) return null;
  const fields = Array.isArray(projections) ? projections.filter((field): field is string => typeof field === 'string' && /^[\w.]+$/.test(field)) : [];
  return { resourceName: resourceName as RefreshableResource, projections: fields };
}

export type RefreshHandlers = Record<RefreshableResource, (projections: string[]) => unknown>;

/** A `message` listener that refreshes the named store; answers whether it acted. */
export function createRefreshListener(origin: string, handlers: RefreshHandlers): (event: MessageLike) => boolean {
  return (event) => {
    const request = refreshRequestOf(event, origin);
    if (!request) return false;
    Promise.resolve()
      .then(() => handlers[request.resourceName](request.projections))
      .catch(() => undefined);
    return true;
  };
}
