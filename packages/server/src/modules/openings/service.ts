import {
  applyFormOf,
  type CanDeleteResponse,
  canApplyOpeningAction,
  DEFAULT_LOCALE,
  ERROR_KEYS,
  type OpeningAction,
  type OpeningCreateBody,
  type OpeningListQuery,
  type OpeningPatchBody,
  type OpeningResource,
  OPENING_TRANSITIONS,
  type PageOf,
  POSTING_CHANNEL_KINDS,
  toLocale,
} from '@rec/core';
import { newId } from '../../db/ids';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { Clock } from '../auth/tokens';
import { sanitizeDescription } from '../offers/sanitize-description';
import type { DomainEvents } from '../domain-events/domain-events';
import type { OpeningFields, OpeningRepository, OpeningRow } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function openingResource(row: OpeningRow): OpeningResource {
  return {
    _id: row.id,
    title: row.title,
    referenceCode: row.reference_code,
    status: row.status,
    language: toLocale(row.language) ?? DEFAULT_LOCALE,
    description: row.description,
    location: row.location,
    contract: row.contract,
    applyForm: applyFormOf(row.apply_form),
    salary: row.salary ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    postingsCount: row.postings_count,
    applicationsCount: row.applications_count,
    visibleOn: POSTING_CHANNEL_KINDS.filter((kind) => row.visible_on?.split(',').includes(kind)),
  };
}

export type OpeningService = ReturnType<typeof createOpeningService>;

/**
 * Openings of the session's company and their state machine (spec §4):
 * DRAFT -publish-> PUBLISHED -archive-> ARCHIVED -unarchive-> PUBLISHED; delete only from ARCHIVED
 * and only once the legal retention of its applications has passed (see `canDelete`).
 * Permissions are checked by the routes (requirePermission) before any of this runs.
 */
export interface OpeningServiceDeps {
  repository: OpeningRepository;
  now: Clock;
  retentionDays: number;
  /** Removes the stored files of deleted applications' CVs (never throws: failures are logged). */
  removeFiles?: (storageKeys: readonly string[]) => Promise<void>;
  /** Told of every committed write (public board and offer answers depend on openings). */
  events?: DomainEvents;
}

export function createOpeningService(deps: OpeningServiceDeps) {
  const { repository, now, retentionDays, removeFiles } = deps;
  const changed = (companyId: string, openingId: string) => deps.events?.emit({ type: 'OPENING_CHANGED', companyId, openingId });

  async function load(companyId: string, id: string): Promise<OpeningRow> {
    const row = await repository.find(companyId, id);
    // Another company's opening is as absent as a made-up id.
    if (!row) throw new HttpError(404, ERROR_KEYS.openingNotFound);
    return row;
  }

  async function transition(auth: AuthContext, id: string, action: Extract<OpeningAction, 'publish' | 'archive' | 'unarchive'>): Promise<OpeningResource> {
    const companyId = tenantOf(auth);
    const row = await load(companyId, id);
    const { from, to } = OPENING_TRANSITIONS[action];
    if (!canApplyOpeningAction(row.status, action)) throw new HttpError(409, ERROR_KEYS.openingInvalidTransition);
    const moved = await repository.transition(companyId, id, from, to, now());
    if (!moved) throw new HttpError(409, ERROR_KEYS.openingInvalidTransition);
    changed(companyId, id);
    // Archiving closed the opening's postings: each close is announced as a posting's own is (webhooks' posting.closed).
    for (const postingId of moved.closedPostingIds) deps.events?.emit({ type: 'POSTING_CHANGED', companyId, postingId, openingId: id, transition: 'closed' });
    return openingResource(await load(companyId, id));
  }

  /** The retention rule: applications younger than `retentionDays` (counted from the newest) keep the opening. */
  function retainedSince(): Date {
    return new Date(now().getTime() - retentionDays * DAY_MS);
  }

  async function deletability(companyId: string, row: OpeningRow): Promise<CanDeleteResponse> {
    if (!canApplyOpeningAction(row.status, 'delete')) return { canBeDeleted: false, reason: 'opening.notArchived' };
    const newest = await repository.newestApplicationAt(companyId, row.id);
    if (newest && newest >= retainedSince()) return { canBeDeleted: false, reason: 'opening.applicationsRetained' };
    return { canBeDeleted: true };
  }

  return {
    /** Loads an opening of the session's company (404 otherwise): the other modules' entry check. */
    async get(auth: AuthContext, id: string): Promise<OpeningResource> {
      return openingResource(await load(tenantOf(auth), id));
    },

    async list(auth: AuthContext, query: OpeningListQuery): Promise<PageOf<OpeningResource>> {
      const { rows, total } = await repository.list(tenantOf(auth), {
        search: query.search,
        status: query.status,
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(openingResource), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * A new DRAFT; with `baseOpening`, a copy of that opening's fields (the body's fields win; the
     * title gets no suffix). A reference code names one opening: the copy's is cleared unless the
     * body gives a new one (the base's own code is refused with 409).
     */
    async create(auth: AuthContext, body: OpeningCreateBody): Promise<OpeningResource> {
      const companyId = tenantOf(auth);
      const base = body.baseOpening ? await load(companyId, body.baseOpening) : undefined;
      const title = body.title ?? base?.title;
      const language = body.language ?? base?.language;
      if (!title || !language) throw new HttpError(400, ERROR_KEYS.badRequest);
      const referenceCode = body.referenceCode || null;
      if (base && referenceCode && referenceCode === base.reference_code) throw new HttpError(409, ERROR_KEYS.openingReferenceCodeTaken);
      const fields: OpeningFields = {
        title,
        language,
        reference_code: referenceCode,
        description: sanitizeDescription(body.description ?? base?.description ?? ''),
        location: body.location !== undefined ? body.location || null : (base?.location ?? null),
        contract: body.contract !== undefined ? body.contract || null : (base?.contract ?? null),
        apply_form: body.applyForm ?? applyFormOf(base?.apply_form),
        salary: body.salary !== undefined ? body.salary : (base?.salary ?? null),
      };
      const id = newId();
      await repository.insert(companyId, id, fields, now());
      changed(companyId, id);
      return openingResource(await load(companyId, id));
    },

    async update(auth: AuthContext, id: string, body: OpeningPatchBody): Promise<OpeningResource> {
      const companyId = tenantOf(auth);
      await load(companyId, id);
      const fields: Partial<OpeningFields> = {};
      if (body.title !== undefined) fields.title = body.title;
      if (body.referenceCode !== undefined) fields.reference_code = body.referenceCode || null;
      if (body.language !== undefined) fields.language = body.language;
      if (body.description !== undefined) fields.description = sanitizeDescription(body.description);
      if (body.location !== undefined) fields.location = body.location || null;
      if (body.contract !== undefined) fields.contract = body.contract || null;
      if (body.applyForm !== undefined) fields.apply_form = body.applyForm;
      if (body.salary !== undefined) fields.salary = body.salary;
      if (!(await repository.update(companyId, id, fields, now()))) throw new HttpError(404, ERROR_KEYS.openingNotFound);
      changed(companyId, id);
      return openingResource(await load(companyId, id));
    },

    publish: (auth: AuthContext, id: string) => transition(auth, id, 'publish'),
    archive: (auth: AuthContext, id: string) => transition(auth, id, 'archive'),
    unarchive: (auth: AuthContext, id: string) => transition(auth, id, 'unarchive'),

    async canDelete(auth: AuthContext, id: string): Promise<CanDeleteResponse> {
      const companyId = tenantOf(auth);
      return deletability(companyId, await load(companyId, id));
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      const companyId = tenantOf(auth);
      const verdict = await deletability(companyId, await load(companyId, id));
      if (!verdict.canBeDeleted) throw new HttpError(409, ERROR_KEYS.openingDeleteUnavailable);
      // Checked again inside the delete's transaction: an application may have arrived meanwhile.
      const deleted = await repository.delete(companyId, id, retainedSince());
      if (!deleted) throw new HttpError(409, ERROR_KEYS.openingDeleteUnavailable);
      changed(companyId, id);
      // The CV files of the deleted applications are personal data too: removed after the commit
      // (a rolled-back delete must keep them).
      await removeFiles?.(deleted.storageKeys);
    },
  };
}
