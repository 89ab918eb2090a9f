import * as v from 'valibot';
import { LOCALES } from './constants';

/**
 * `POST /test/fixtures/companies` (registered only when NODE_ENV=test): a fresh company of its own
 * for one end-to-end test, so what the test changes (brand, team, candidates' stages, notes,
 * dashboards) never meets what another test, or a retry of the same one, sees.
 */
export const FixtureCompanyBodySchema = v.object({
  /** The company's own language (its board's and settings'). */
  language: v.optional(v.picklist(LOCALES), 'fr'),
  /** The interface language of the owner and of the viewer. */
  ownerLanguage: v.optional(v.picklist(LOCALES), 'fr'),
  viewerLanguage: v.optional(v.picklist(LOCALES), 'en'),
  /** Applications of the pipeline opening, spread over every stage (0: no pipeline opening). */
  pipeline: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)), 0),
  /**
   * The step-flow offer as a candidate journey needs it (issue 25): written also in German and Polish
   * (its questions too), the company's own privacy notice in each of its languages, and an internal
   * opening title that no posting carries (so a test can prove candidates never see it).
   */
  candidateJourney: v.optional(v.boolean(), false),
  /** A password for the owner and the viewer, for tests of the sign-in forms (otherwise they have none). */
  password: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(200))),
  /** Lumen's privacy notices (French, English, German), which candidates consent under; otherwise none. */
  privacyNotices: v.optional(v.boolean(), false),
  /** Also the demo's sample offer (Embedded Software Engineer, its engineering apply form) on the board and a share link. */
  sample: v.optional(v.boolean(), false),
  /** Every other offer of the demo's Lumen board too (20 offers in many places and languages: the board's filters show). */
  allOffers: v.optional(v.boolean(), false),
  /**
   * A verified e-mail domain of its own (`e2e-<companyId>.example`) for single sign-on, as if its
   * DNS TXT record had been found (test servers only; no production path skips the lookup).
   */
  ssoDomain: v.optional(v.boolean(), false),
});
export type FixtureCompanyBody = v.InferInput<typeof FixtureCompanyBodySchema>;
/** The body once parsed: every option filled in. */
export type FixtureCompanyOptions = v.InferOutput<typeof FixtureCompanyBodySchema>;

export interface FixtureAccount {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** A live session of the account: the value of the session cookie named `sessionCookie`. */
  session: string;
}

export interface FixtureCandidate {
  candidateId: string;
  applicationId: string;
  name: string;
}

export interface FixtureCompany {
  companyId: string;
  name: string;
  boardId: string;
  /** The owner's default dashboard ("Vue d’ensemble du recrutement"), shared with nobody. */
  dashboardId: string;
  /** The name of the session cookie the sessions belong in. */
  sessionCookie: string;
  owner: FixtureAccount;
  viewer: FixtureAccount;
  /**
   * The step-flow opening (form, video interview, questionnaire) on the board, and two candidates
   * who finished it with real recordings: Sofia (WebM, applied first) and Mathis (MP4).
   */
  steps: {
    openingId: string;
    /** The opening's internal title (with `candidateJourney`, one no posting carries). */
    title: string;
    /** The posting's title per language it is written in (what candidates see). */
    postingTitles: Partial<Record<(typeof LOCALES)[number], string>>;
    postingId: string;
    channelId: string;
    candidates: [FixtureCandidate, FixtureCandidate];
  };
  /**
   * The demo's sample offer, when asked for: on the board (`channelId`) and
   * through a share link (`shareChannelId`), with no application yet.
   */
  sample: { openingId: string; title: string; postingId: string; channelId: string; shareChannelId: string } | null;
  /** The pipeline opening (a share link only), when asked for: its applications in every stage. */
  pipeline: { openingId: string; title: string; channelId: string } | null;
  /** The verified SSO domain, when asked for (`ssoDomain`). */
  ssoDomain: string | null;
}

/**
 * `POST /test/fixtures/admins` (test servers only): a platform admin of the test's own. Admins must
 * have a second factor before they act (issue 32): `enrolled` (the default) gives it a confirmed
 * authenticator app (its secret answered, so a test can compute codes) and a fully signed-in
 * session; without it the admin has no factor and no session, for the tests of the enrolment.
 */
export const FixtureAdminBodySchema = v.object({
  /** A password, for tests of the sign-in form (otherwise it has none). */
  password: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(200))),
  enrolled: v.optional(v.boolean(), true),
  language: v.optional(v.picklist(LOCALES), 'en'),
});
export type FixtureAdminBody = v.InferInput<typeof FixtureAdminBodySchema>;
export type FixtureAdminOptions = v.InferOutput<typeof FixtureAdminBodySchema>;

export interface FixtureAdmin {
  _id: string;
  email: string;
  /** The name of the session cookie `session` belongs in. */
  sessionCookie: string;
  /** A complete session of the admin (with `enrolled`), else null. */
  session: string | null;
  /** The base32 secret of the admin's authenticator app (with `enrolled`), else null. */
  totpSecret: string | null;
}
