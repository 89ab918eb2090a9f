import {
  type ApplicantResource,
  type ApplyFormConfig,
  type ChannelResource,
  exportFileName as coreExportFileName,
  EXPORT_CATEGORIES,
  type ExportCategory,
  OPENING_SORTS,
  OPENING_STATUS_VALUES,
  type OpeningResource,
  type OpeningSort,
  type OpeningStatusValue,
  POSTING_CHANNEL_KINDS,
  type PageOf,
  type PostingChannelKind,
  type PostingResource,
  type Salary,
} from '@rec/core';
import { ApiError, errorKeyOf } from './api-error';
import type { ApiClient } from './client';
import { withQueryString } from './query';

/** The resources and enumerations of the openings contract are core's (shared with the server). */
export const OPENING_STATUSES = OPENING_STATUS_VALUES;
export type OpeningStatus = OpeningStatusValue;
export { EXPORT_CATEGORIES, OPENING_SORTS, POSTING_CHANNEL_KINDS };
export type { ApplicantResource, ExportCategory, OpeningResource, OpeningSort, PostingChannelKind, PostingResource };
export type Page<T> = PageOf<T>;
export type PostingChannel = ChannelResource;
export type PostingContent = NonNullable<PostingResource['contents'][keyof PostingResource['contents']]>;

/** The fields a recruiter writes (POST and PATCH /v2/jobs). */
export interface OpeningInput {
  title: string;
  referenceCode?: string;
  language: string;
  description?: string;
  location?: string;
  contract?: string;
  /** Which fields the apply form asks (issue 9); left out: the defaults, or the duplicated opening's. */
  applyForm?: ApplyFormConfig;
  /** The pay range (issue 17); null clears it, left out keeps it (or copies the duplicated opening's). */
  salary?: Salary | null;
  /** POST only: copy that opening's fields (duplicate). */
  baseOpening?: string;
}

export interface OpeningsQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: OpeningStatus[];
  sort?: OpeningSort;
}

export interface PostingInput {
  language: string;
  contents: Record<string, { title: string; description: string; location?: string; contract?: string }>;
  channels: PostingChannelKind[];
  validThrough?: string;
  employmentType?: string;
  /** The pay range; left out on create, the opening's is copied. */
  salary?: Salary | null;
  /** Publish although the company has no privacy notice in some of its languages (else 409 `posting.privacyNoticeMissing`). */
  confirmMissingPrivacyNotice?: boolean;
}

export interface CanDeleteAnswer {
  canBeDeleted: boolean;
  reason?: string;
}

const jobPath = (id: string) => `/v2/jobs/${encodeURIComponent(id)}`;
const select = (fields?: readonly string[]) => (fields?.length ? { query: { select: [...fields] } } : {});

/** GET /v2/jobs: one page of the company's openings. */
export function fetchOpenings(api: ApiClient, query: OpeningsQuery, signal?: AbortSignal): Promise<Page<OpeningResource>> {
  const search = query.search?.trim();
  return api.get<Page<OpeningResource>>('/v2/jobs', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      ...(search ? { search } : {}),
      ...(query.status?.length ? { status: [...query.status] } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

/** GET /v2/jobs/{id}, only `fields` (+_id) when given. */
export function fetchOpening(api: ApiClient, id: string, fields?: readonly string[]): Promise<OpeningResource> {
  return api.get<OpeningResource>(jobPath(id), select(fields));
}

/** POST /v2/jobs (with `baseOpening`: a duplicate). */
export function createOpening(api: ApiClient, input: OpeningInput): Promise<OpeningResource> {
  return api.post<OpeningResource>('/v2/jobs', input);
}

/** PATCH /v2/jobs/{id}. */
export function updateOpening(api: ApiClient, id: string, input: Partial<Omit<OpeningInput, 'baseOpening'>>): Promise<OpeningResource> {
  return api.patch<OpeningResource>(jobPath(id), input);
}

/** POST /v2/jobs/{id}/publish (DRAFT -> PUBLISHED). */
export function publishOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  return api.post<OpeningResource>(`${jobPath(id)}/publish`);
}

/** POST /v2/jobs/{id}/archive, no payload (PUBLISHED -> ARCHIVED). */
export function archiveOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  return api.post<OpeningResource>(`${jobPath(id)}/archive`);
}

/** POST /v2/jobs/{id}/unarchive, no payload (ARCHIVED -> PUBLISHED). */
export function unarchiveOpening(api: ApiClient, id: string): Promise<OpeningResource> {
  return api.post<OpeningResource>(`${jobPath(id)}/unarchive`);
}

/** GET /v2/jobs/{id}/can-delete. */
export function canDeleteOpening(api: ApiClient, id: string): Promise<CanDeleteAnswer> {
  return api.get<CanDeleteAnswer>(`${jobPath(id)}/can-delete`);
}

/** DELETE /v2/jobs/{id} (204). */
export async function deleteOpening(api: ApiClient, id: string): Promise<void> {
  await api.delete<unknown>(jobPath(id));
}

/** GET /v2/jobs/{id}/postings. */
export function fetchPostings(api: ApiClient, openingId: string): Promise<PostingResource[]> {
  return api.get<PostingResource[]>(`${jobPath(openingId)}/postings`);
}

/** POST /v2/jobs/{id}/postings. */
export function createPosting(api: ApiClient, openingId: string, input: PostingInput): Promise<PostingResource> {
  return api.post<PostingResource>(`${jobPath(openingId)}/postings`, input);
}

/** PATCH /v2/jobs/{id}/postings/{postingId}. */
export function updatePosting(api: ApiClient, openingId: string, postingId: string, input: Partial<PostingInput>): Promise<PostingResource> {
  return api.patch<PostingResource>(`${jobPath(openingId)}/postings/${encodeURIComponent(postingId)}`, input);
}

/** POST /v2/jobs/{id}/postings/{postingId}/close. */
export function closePosting(api: ApiClient, openingId: string, postingId: string): Promise<PostingResource> {
  return api.post<PostingResource>(`${jobPath(openingId)}/postings/${encodeURIComponent(postingId)}/close`);
}

/** GET /v2/jobs/{id}/applications: one page of its applicants. */
export function fetchApplicants(api: ApiClient, openingId: string, page: number, pageSize: number): Promise<Page<ApplicantResource>> {
  return api.get<Page<ApplicantResource>>(`${jobPath(openingId)}/applications`, { query: { page, pageSize } });
}

/** Spec §7: 'Candidates Data {title}', then ' ({referenceCode})' when there is one, then '.xlsx' (core's rule). */
export function exportFileName(opening: Pick<OpeningResource, 'title' | 'referenceCode'>): string {
  return coreExportFileName(opening.title, opening.referenceCode?.trim() || null);
}

export interface ExportDownloadOptions {
  locale: string;
  /** Bytes received so far, and the announced total (null without Content-Length). */
  onProgress?: (received: number, total: number | null) => void;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  /** Only these applications (the pipeline's selection, at most 200). */
  applicationIds?: readonly string[];
}

/** A downloaded export and the name the server gave it (in the recruiter's language), when it gave one. */
export interface ExportDownload {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition` header: the exact UTF-8 `filename*` (RFC 6266) first, else `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * GET /v2/jobs/{id}/export/applications as a stream: the body is read chunk by chunk with a
 * ReadableStream reader so the dialog can show the bytes received, then handed back as one Blob
 * with the server's file name (the one place the export is named, issue 26).
 */
export async function downloadApplicantsExport(api: ApiClient, openingId: string, categories: readonly ExportCategory[], options: ExportDownloadOptions): Promise<ExportDownload> {
  const url = api.baseURL + withQueryString(`${jobPath(openingId)}/export/applications`, { categories: [...categories], ...(options.applicationIds?.length ? { applicationIds: [...options.applicationIds] } : {}) });
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': options.locale },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new ApiError(0, undefined, { cause: error });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, errorKeyOf(body));
  }
  const type = response.headers.get('Content-Type') ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const blob = await readWithProgress(response, type, options.onProgress);
  return { blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) };
}

/** Reads a response body to a Blob, reporting the bytes received after every chunk. */
export async function readWithProgress(response: Response, type: string, onProgress?: (received: number, total: number | null) => void): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(0, total);
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress?.(blob.size, total);
    return new Blob([blob], { type });
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value) {
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress?.(received, total);
    }
  }
  return new Blob(chunks, { type });
}
