import {
  type ApiClient,
  archiveOpening as archiveOpeningCall,
  canDeleteOpening,
  deleteOpening as deleteOpeningCall,
  fetchOpening,
  fetchOpenings,
  type OpeningResource,
  type OpeningStatus,
  type OpeningsQuery,
  type Page,
  publishOpening as publishOpeningCall,
  unarchiveOpening as unarchiveOpeningCall,
} from '@rec/api-client';
import { DATA_TABLE, PERMISSIONS } from '@rec/core';
import { atom } from 'nanostores';

/** The opening the recruiter is looking at (spec §2: loaded on entering its routes unless already held). */
export const $opening = atom<OpeningResource | null>(null);

let pending: { id: string; request: Promise<OpeningResource> } | null = null;

/**
 * GET /v2/jobs/{id} unless that opening is already the held one (or on its way); `refresh`
 * fetches again, and with `select` only those fields, merged into the held opening.
 */
export function loadOpening(api: ApiClient, id: string, { refresh = false, select }: { refresh?: boolean; select?: readonly string[] } = {}): Promise<OpeningResource> {
  const held = $opening.get();
  if (!refresh && held?._id === id) return Promise.resolve(held);
  if (!refresh && pending?.id === id) return pending.request;
  const request = fetchOpening(api, id, select).then((answer) => {
    const current = $opening.get();
    const next = select?.length && current?._id === id ? { ...current, ...answer } : answer;
    $opening.set(next);
    return next;
  });
  pending = { id, request };
  return request.finally(() => {
    if (pending?.request === request) pending = null;
  });
}

export function resetOpening(): void {
  pending = null;
  $opening.set(null);
}

/** Replaces the held opening (and the list row) after an action answered with the new resource. */
export function holdOpening(opening: OpeningResource): void {
  const held = $opening.get();
  if (!held || held._id === opening._id) $opening.set(opening);
  const list = $openings.get();
  if (list.page) {
    $openings.set({ ...list, page: { ...list.page, items: list.page.items.map((item) => (item._id === opening._id ? { ...item, ...opening } : item)) } });
  }
}

// ---------- the openings list ----------

export interface OpeningsListState {
  query: OpeningsQuery;
  page: Page<OpeningResource> | null;
  loading: boolean;
  /** Translation key of the last failure. */
  error: string | null;
}

export const DEFAULT_OPENINGS_QUERY: OpeningsQuery = { page: 1, pageSize: DATA_TABLE.rowsPerPage, sort: '-updatedAt' };

export const $openings = atom<OpeningsListState>({ query: DEFAULT_OPENINGS_QUERY, page: null, loading: false, error: null });

let listRequest = 0;

/** GET /v2/jobs with `query`; an older answer arriving after a newer request is dropped. */
export async function loadOpenings(api: ApiClient, query: OpeningsQuery = $openings.get().query): Promise<void> {
  const ticket = ++listRequest;
  $openings.set({ ...$openings.get(), query, loading: true, error: null });
  try {
    const page = await fetchOpenings(api, query);
    if (ticket === listRequest) $openings.set({ query, page, loading: false, error: null });
  } catch (error) {
    if (ticket === listRequest) $openings.set({ ...$openings.get(), loading: false, error: keyOf(error) });
  }
}

function keyOf(error: unknown): string {
  return error && typeof error === 'object' && 'key' in error && typeof error.key === 'string' ? error.key : 'genericErrorTitle';
}

// ---------- actions ----------

/** Every action of spec §2 "Opening actions", plus publishing a draft. */
export const OPENING_ACTIONS = ['edit', 'publish', 'duplicate', 'createPosting', 'export', 'archive', 'unarchive', 'delete'] as const;
export type OpeningAction = (typeof OPENING_ACTIONS)[number];

/** The permission (spec §6) and the states (spec §4) each action needs. */
export const ACTION_RULES: Readonly<Record<OpeningAction, { permission: string; states: readonly OpeningStatus[] }>> = {
  edit: { permission: PERMISSIONS.openingsManage, states: ['DRAFT', 'PUBLISHED'] },
  publish: { permission: PERMISSIONS.openingsManage, states: ['DRAFT'] },
  duplicate: { permission: PERMISSIONS.openingsCreate, states: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] },
  createPosting: { permission: PERMISSIONS.postingsCreate, states: ['PUBLISHED'] },
  export: { permission: PERMISSIONS.applicantsDataExport, states: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] },
  archive: { permission: PERMISSIONS.openingsArchive, states: ['PUBLISHED'] },
  unarchive: { permission: PERMISSIONS.openingsArchive, states: ['ARCHIVED'] },
  delete: { permission: PERMISSIONS.openingsDelete, states: ['ARCHIVED'] },
};

/** Actions that ask for confirmation first (spec §4). */
export const CONFIRMED_ACTIONS: readonly OpeningAction[] = ['archive', 'unarchive', 'delete'];

/**
 * The actions to offer for an opening in `status` to someone for whom `allowed(permission)`
 * holds, in menu order: a pure function of state and permissions.
 */
export function openingActions(status: OpeningStatus, allowed: (permission: string) => boolean): OpeningAction[] {
  return OPENING_ACTIONS.filter((action) => ACTION_RULES[action].states.includes(status) && allowed(ACTION_RULES[action].permission));
}

export async function publishOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  const opening = await publishOpeningCall(api, id);
  holdOpening(opening);
  return opening;
}

export async function archiveOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  const opening = await archiveOpeningCall(api, id);
  holdOpening(opening);
  return opening;
}

export async function unarchiveOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  const opening = await unarchiveOpeningCall(api, id);
  holdOpening(opening);
  return opening;
}

export type DeleteOutcome = { deleted: true } | { deleted: false; reason: string };

/** Asks the server first (GET can-delete); deletes only when it says yes (spec §4). */
export async function deleteOpening(api: ApiClient, id: string): Promise<DeleteOutcome> {
  const answer = await canDeleteOpening(api, id);
  if (!answer.canBeDeleted) return { deleted: false, reason: 'opening.deleteUnavailable' };
  await deleteOpeningCall(api, id);
  if ($opening.get()?._id === id) resetOpening();
  return { deleted: true };
}
