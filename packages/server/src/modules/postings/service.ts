import {
  canApplyOpeningAction,
  DEFAULT_LOCALE,
  ERROR_KEYS,
  type Locale,
  type PostingChannelKind,
  type PostingContent,
  type PostingCreateBody,
  type PostingPatchBody,
  type PostingResource,
  toLocale,
} from '@rec/core';
import { newId } from '../../db/ids';
import type { NewChannel } from '../../db/schema';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { Clock } from '../auth/tokens';
import { companyPrivacyNotices } from '../offers/privacy-notices';
import { sanitizeDescription } from '../offers/sanitize-description';
import type { OpeningService } from '../openings/service';
import type { DomainEvents } from '../domain-events/domain-events';
import type { PostingDetails, PostingRepository } from './repository';

export type PostingService = ReturnType<typeof createPostingService>;

type ContentRow = { language: string; title: string; description: string; location: string | null; contract: string | null };

/** Stored contents: descriptions sanitised with the offers' allowlist, blanks as null. */
function contentRows(contents: Partial<Record<Locale, PostingContent>>): ContentRow[] {
  return Object.entries(contents).flatMap(([language, content]) =>
    content
      ? [{ language, title: content.title, description: sanitizeDescription(content.description), location: content.location || null, contract: content.contract || null }]
      : [],
  );
}

/**
 * Postings (publications) of an opening: created only while the opening is PUBLISHED (spec §4),
 * each reachable through channels whose public URL is `PUBLIC_URL/offer/c/{channelId}`.
 */
export function createPostingService(deps: {
  repository: PostingRepository;
  openings: OpeningService;
  publicUrl: string;
  now: Clock;
  /** Told of every committed write (public board and offer answers show postings). */
  events?: DomainEvents;
}) {
  const { repository, openings, publicUrl, now } = deps;
  const changed = (companyId: string, postingId: string, transition?: { openingId: string; to: 'published' | 'closed' }) =>
    deps.events?.emit({ type: 'POSTING_CHANGED', companyId, postingId, ...(transition ? { openingId: transition.openingId, transition: transition.to } : {}) });

  /** The languages the company wrote a privacy notice in. */
  async function noticeLanguages(companyId: string): Promise<Set<Locale>> {
    return new Set(companyPrivacyNotices(await repository.companySettings(companyId)).map((notice) => notice.language));
  }

  /**
   * Publishing in a language without the company's own privacy notice lets candidates consent
   * under another language's notice: refused unless the recruiter confirmed it (issue 25).
   */
  function checkNotices(languages: Iterable<string>, notices: Set<Locale>, confirmed: boolean | undefined): void {
    const missing = [...languages].filter((language) => !notices.has(language as Locale));
    if (missing.length && !confirmed) throw new HttpError(409, ERROR_KEYS.postingPrivacyNoticeMissing);
  }

  function resource({ posting, contents, channels }: PostingDetails, notices: Set<Locale>): PostingResource {
    return {
      _id: posting.id,
      openingId: posting.opening_id,
      status: posting.status,
      language: toLocale(posting.language) ?? DEFAULT_LOCALE,
      contents: Object.fromEntries(
        contents.map((content) => [content.language, { title: content.title, description: content.description, location: content.location, contract: content.contract }]),
      ),
      channels: channels.map((channel) => ({ _id: channel.id, kind: channel.kind, url: `${publicUrl}/offer/c/${channel.id}` })),
      validThrough: posting.valid_through ? new Date(posting.valid_through).toISOString() : null,
      employmentType: posting.employment_type,
      salary: posting.salary ?? null,
      addressCountry: posting.address_country?.trim() || null,
      remote: posting.remote,
      publishedAt: new Date(posting.published_at).toISOString(),
      privacyNoticeMissing: contents.map((content) => content.language as Locale).filter((language) => !notices.has(language)),
    };
  }

  /** New channels for the kinds not there yet; a BOARD listing goes on the company's board. */
  async function newChannels(companyId: string, kinds: readonly PostingChannelKind[], existing: readonly string[]): Promise<Omit<NewChannel, 'company_id' | 'posting_id'>[]> {
    const wanted = [...new Set(kinds)].filter((kind) => !existing.includes(kind));
    const board = wanted.includes('BOARD') ? await repository.defaultBoard(companyId) : undefined;
    if (wanted.includes('BOARD') && !board) throw new HttpError(400, ERROR_KEYS.badRequest);
    return wanted.map((kind) => ({ id: newId(), kind, board_id: kind === 'BOARD' ? (board ?? null) : null }));
  }

  async function load(companyId: string, openingId: string, postingId: string): Promise<PostingDetails> {
    const details = await repository.find(companyId, openingId, postingId);
    if (!details) throw new HttpError(404, ERROR_KEYS.postingNotFound);
    return details;
  }

  return {
    async list(auth: AuthContext, openingId: string): Promise<PostingResource[]> {
      await openings.get(auth, openingId);
      const notices = await noticeLanguages(tenantOf(auth));
      return (await repository.listOfOpening(tenantOf(auth), openingId)).map((details) => resource(details, notices));
    },

    async create(auth: AuthContext, openingId: string, body: PostingCreateBody): Promise<PostingResource> {
      const companyId = tenantOf(auth);
      const opening = await openings.get(auth, openingId);
      if (!canApplyOpeningAction(opening.status, 'createPosting')) throw new HttpError(409, ERROR_KEYS.openingInvalidTransition);
      const notices = await noticeLanguages(companyId);
      checkNotices(Object.keys(body.contents), notices, body.confirmMissingPrivacyNotice);
      const id = newId();
      await repository.insert(
        companyId,
        {
          id,
          openingId,
          language: body.language,
          employmentType: body.employmentType ?? null,
          validThrough: body.validThrough ?? null,
          // Left out, the opening's range carries over: the recruiter set it in the opening wizard.
          salary: body.salary !== undefined ? body.salary : opening.salary,
          addressCountry: body.addressCountry ?? null,
          remote: body.remote ?? false,
          contents: contentRows(body.contents),
          channels: await newChannels(companyId, body.channels, []),
        },
        now(),
      );
      // A new posting is open at once: published.
      changed(companyId, id, { openingId, to: 'published' });
      return resource(await load(companyId, openingId, id), notices);
    },

    async update(auth: AuthContext, openingId: string, postingId: string, body: PostingPatchBody): Promise<PostingResource> {
      const companyId = tenantOf(auth);
      const opening = await openings.get(auth, openingId);
      const current = await load(companyId, openingId, postingId);
      // A closed publication, or one of an archived opening, is history: editing it (adding a
      // channel) would put an offer back in front of candidates that can no longer be applied to.
      if (current.posting.status === 'CLOSED' || opening.status === 'ARCHIVED') throw new HttpError(409, ERROR_KEYS.postingNotEditable);
      const language = body.language ?? current.posting.language;
      const hasMainContent = current.contents.some((content) => content.language === language) || body.contents?.[language as Locale] !== undefined;
      if (!hasMainContent) throw new HttpError(400, ERROR_KEYS.badRequest);
      const notices = await noticeLanguages(companyId);
      // Only languages this change adds need the confirmation: the posting's others were published already.
      const added = Object.keys(body.contents ?? {}).filter((language) => !current.contents.some((content) => content.language === language));
      checkNotices(added, notices, body.confirmMissingPrivacyNotice);
      await repository.update(
        companyId,
        postingId,
        {
          ...(body.language !== undefined ? { language: body.language } : {}),
          ...(body.employmentType !== undefined ? { employmentType: body.employmentType } : {}),
          ...(body.validThrough !== undefined ? { validThrough: body.validThrough } : {}),
          ...(body.salary !== undefined ? { salary: body.salary } : {}),
          ...(body.addressCountry !== undefined ? { addressCountry: body.addressCountry } : {}),
          ...(body.remote !== undefined ? { remote: body.remote } : {}),
          ...(body.contents ? { contents: contentRows(body.contents) } : {}),
          ...(body.channels
            ? {
                channels: await newChannels(
                  companyId,
                  body.channels,
                  current.channels.map((channel) => channel.kind),
                ),
              }
            : {}),
        },
        now(),
      );
      changed(companyId, postingId);
      return resource(await load(companyId, openingId, postingId), notices);
    },

    async close(auth: AuthContext, openingId: string, postingId: string): Promise<PostingResource> {
      const companyId = tenantOf(auth);
      await openings.get(auth, openingId);
      await load(companyId, openingId, postingId);
      const closed = await repository.close(companyId, postingId, now());
      changed(companyId, postingId, closed ? { openingId, to: 'closed' } : undefined);
      return resource(await load(companyId, openingId, postingId), await noticeLanguages(companyId));
    },
  };
}
