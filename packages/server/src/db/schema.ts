import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ApiKeyScopes, Salary, SecondFactorStep } from '@rec/core';

/**
 * Kysely table types. Every table except `companies` carries `company_id` (the tenant), and
 * child rows reference their parent through `(company_id, id)` so a row can never point at
 * another company's data, whatever a query forgets.
 */
export interface Database {
  companies: CompaniesTable;
  boards: BoardsTable;
  openings: OpeningsTable;
  postings: PostingsTable;
  posting_contents: PostingContentsTable;
  places: PlacesTable;
  channels: ChannelsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  invitations: InvitationsTable;
  uploads: UploadsTable;
  candidates: CandidatesTable;
  applications: ApplicationsTable;
  referrals: ReferralsTable;
  share_links: ShareLinksTable;
  audit_log: AuditLogTable;
  company_step_processes: CompanyStepProcessesTable;
  opening_step_processes: OpeningStepProcessesTable;
  application_steps: ApplicationStepsTable;
  applicant_current_applications: ApplicantCurrentApplicationsTable;
  step_access_tokens: StepAccessTokensTable;
  interview_answers: InterviewAnswersTable;
  application_stage_events: ApplicationStageEventsTable;
  application_pipeline: ApplicationPipelineTable;
  dashboards: DashboardsTable;
  dashboard_recruiters: DashboardRecruitersTable;
  job_runs: JobRunsTable;
  company_logos: CompanyLogosTable;
  mail_templates: MailTemplatesTable;
  talent_pools: TalentPoolsTable;
  talent_pool_candidates: TalentPoolCandidatesTable;
  notification_preferences: NotificationPreferencesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  candidate_notes: CandidateNotesTable;
  application_mails: ApplicationMailsTable;
  candidate_requests: CandidateRequestsTable;
  data_removal_tokens: DataRemovalTokensTable;
  appointments: AppointmentsTable;
  two_factor_totp: TwoFactorTotpTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_devices: TwoFactorDevicesTable;
  two_factor_keys: TwoFactorKeysTable;
  company_sso: CompanySsoTable;
  company_domains: CompanyDomainsTable;
  sso_attempts: SsoAttemptsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_keys: ApiKeysTable;
}

/** A company API key (migration 0033): only the SHA-256 of its token is stored. */
export interface ApiKeysTable {
  id: string;
  company_id: string;
  created_by: string;
  name: string;
  scopes: ColumnType<ApiKeyScopes, string, never>;
  token_hash: string;
  hint: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date | null, Date | null | undefined, never>;
  last_used_at: ColumnType<Date | null, never, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
}

/** A company logo (migration 0018): the image lives in the file storage under `storage_key`. */
export interface CompanyLogosTable {
  id: string;
  company_id: string;
  name: string;
  mask: 'WHITE' | 'BLACK';
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A company's own candidate mail per kind and language (migration 0018). */
export interface MailTemplatesTable {
  company_id: string;
  kind: string;
  language: string;
  subject: string;
  body: string;
  updated_at: UpdatedAt;
}

export interface TalentPoolsTable {
  id: string;
  company_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface TalentPoolCandidatesTable {
  company_id: string;
  pool_id: string;
  candidate_id: string;
  added_at: CreatedAt;
}

/** Which mails about new applications a recruiter wants (migration 0018). */
export interface NotificationPreferencesTable {
  account_id: string;
  company_id: string;
  frequency: 'each' | 'daily' | 'never';
  /** Empty: every opening of the company. */
  opening_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** Mails when a colleague mentions them in a note (migration 0023). */
  mention_mails: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}

/** Written by the database (default now()), never by the application. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Free-form company settings (language, logos...), grown by later modules. */
export interface CompanySettings {
  language?: string;
  [key: string]: unknown;
}

export interface CompaniesTable {
  id: string;
  name: string;
  slug: string;
  /** Passed as an object: both pg and PGlite serialise objects to JSON for jsonb. */
  settings: ColumnType<CompanySettings, CompanySettings | undefined, CompanySettings>;
  created_at: CreatedAt;
  /** Set while an admin has suspended the company (migration 0019): no sign-in, no public board or offer. */
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface BoardsTable {
  id: string;
  company_id: string;
  name: string;
  /** The name per language (migration 0007); `name` is the one in `language`. */
  names: ColumnType<Partial<Record<string, string>>, Partial<Record<string, string>> | undefined, Partial<Record<string, string>>>;
  language: string;
  spontaneous_channel_id: string | null;
  created_at: CreatedAt;
}

export const OPENING_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type OpeningStatus = (typeof OPENING_STATUSES)[number];

export interface OpeningsTable {
  id: string;
  company_id: string;
  title: string;
  reference_code: string | null;
  status: ColumnType<OpeningStatus, OpeningStatus | undefined, OpeningStatus>;
  /** The opening's main language (a locale). */
  language: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  location: string | null;
  contract: string | null;
  /** Which fields the apply form asks (packages/core apply-form.ts); `{}` means the defaults. */
  apply_form: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  /** The pay range (packages/core salary.ts), null when none (migration 0013). */
  salary: ColumnType<Salary | null, Salary | null | undefined, Salary | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export const POSTING_STATUSES = ['OPEN', 'CLOSED'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

export interface PostingsTable {
  id: string;
  company_id: string;
  opening_id: string;
  /** The posting's main language: its content exists at least in this one. */
  language: string;
  status: ColumnType<PostingStatus, PostingStatus | undefined, PostingStatus>;
  employment_type: string | null;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  valid_through: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_spontaneous: Generated<boolean>;
  /** The pay range (packages/core salary.ts), null when none (migration 0013). */
  salary: ColumnType<Salary | null, Salary | null | undefined, Salary | null>;
  /** ISO 3166-1 alpha-2 country of the job (JSON-LD addressCountry); null when unknown. */
  address_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Fully remote: a TELECOMMUTE JobPosting, applicants located in address_country. */
  remote: Generated<boolean>;
  /** The place the job is at (migration 0026): one entity with a name per language. */
  place_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A place (migration 0026): the shared catalogue (company_id null) or a company's own, names per language. */
export interface PlacesTable {
  /** The place key: "LU:luxembourg"; a company's own place "…@companyId". */
  id: string;
  company_id: string | null;
  country: string | null;
  names: ColumnType<Record<string, string>, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PostingContentsTable {
  posting_id: string;
  company_id: string;
  language: string;
  title: string;
  /** Sanitised HTML, possibly empty. */
  description: ColumnType<string, string | undefined, string>;
  location: string | null;
  contract: string | null;
}

export const CHANNEL_KINDS = ['BOARD', 'SHARE', 'REFERRAL', 'SPONTANEOUS'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** How a candidate reaches a posting: a board listing, a share link, a referral, a spontaneous form. */
export interface ChannelsTable {
  id: string;
  company_id: string;
  posting_id: string;
  board_id: string | null;
  kind: ChannelKind;
  created_at: CreatedAt;
}

export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type BoardRow = Selectable<BoardsTable>;
export type NewBoard = Insertable<BoardsTable>;
export type NewOpening = Insertable<OpeningsTable>;
export type NewPosting = Insertable<PostingsTable>;
export type NewPostingContent = Insertable<PostingContentsTable>;
export type NewChannel = Insertable<ChannelsTable>;

export const ACCOUNT_TYPES = ['recruiter', 'admin', 'applicant'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type CompanyRoleValue = 'owner' | 'recruiter' | 'viewer';

/** Free-form account settings; language is one of the supported locales when present. */
export interface AccountSettings {
  language?: string;
  profilePictureUrl?: string | null;
  notifications?: Record<string, boolean>;
  [key: string]: unknown;
}

/** Recruiters (company_id and company_role set), admins and applicants (neither). */
export interface AccountsTable {
  id: string;
  type: AccountType;
  company_id: string | null;
  company_role: CompanyRoleValue | null;
  /** Lower-cased: the identity across companies. */
  email: string;
  /** `scrypt$N$r$p$salt$hash`; null for applicants (magic link only). */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  settings: ColumnType<AccountSettings, AccountSettings | undefined, AccountSettings>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** When a session was last created for the account (migration 0019); null when never. */
  last_sign_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  /** SHA-256 hex of the cookie value; the value itself is never stored. */
  token_hash: string;
  /** Public id of the session (migration 0019): the security page names sessions by it, never by hash. */
  id: string;
  /** A short summary of the user agent ("Firefox on Linux"), never the raw header; null when unknown. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  /** Migration 0027: null when complete; 'verify' (code due) or 'enrol' (company policy) while half signed in. */
  second_factor: ColumnType<SecondFactorStep | null, SecondFactorStep | null | undefined, SecondFactorStep | null>;
}

/** One TOTP factor per identity (lower-cased e-mail), migration 0027. */
export interface TwoFactorTotpTable {
  email: string;
  /** AES-256-GCM box of the base32 secret (secret-box.ts), never the secret itself. */
  secret: string;
  created_at: ColumnType<Date, Date, never>;
  /** Null until the first code confirmed the enrolment. */
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last accepted TOTP time step (replay protection); bigint comes back as a string. */
  last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
}

export interface TwoFactorRecoveryCodesTable {
  email: string;
  code_hash: string;
  created_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

export interface TwoFactorDevicesTable {
  token_hash: string;
  email: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
}

export interface TwoFactorKeysTable {
  id: number;
  key: string;
}

/** A company's OpenID Connect IdP (migration 0029). */
export interface CompanySsoTable {
  company_id: string;
  issuer: string;
  client_id: string;
  /** AES-256-GCM box of the client secret (secret-box.ts), never the secret itself. */
  client_secret: string;
  default_role: 'recruiter' | 'viewer';
  sso_only: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * A company's claim on an e-mail domain (migration 0030): pending until the DNS TXT record with
 * `token` is found; one company at most holds a domain verified, and only verified domains sign in.
 */
export interface CompanyDomainsTable {
  company_id: string;
  domain: string;
  /** Published by the owner in DNS: no credential, kept in clear (the settings page shows it). */
  token: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A started SSO sign-in, keyed by SHA-256 of its state; deleted when used. */
export interface SsoAttemptsTable {
  state_hash: string;
  binding_hash: string;
  company_id: string;
  redirect_to: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
}

/** A WebAuthn credential of an identity (migration 0028, issue 32). */
export interface PasskeysTable {
  id: string;
  email: string;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The last signature counter seen; bigint comes back as a string. */
  counter: ColumnType<string | number, number, number>;
  /** JSON array of the transports the browser reported ('internal', 'usb', ...), or null. */
  transports: string | null;
  /** The identity's random WebAuthn user id, base64url. */
  user_handle: string;
  name: string;
  created_at: ColumnType<Date, Date, never>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

/** 'reauth' (migration 0030): an assertion confirming a sensitive change instead of the password. */
export type PasskeyChallengePurpose = 'register' | 'second-factor' | 'sign-in' | 'reauth';

/** A WebAuthn challenge handed out (SHA-256 only), single use (migration 0028). */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  /** The session it is bound to; null for a password-less sign-in (no session yet). */
  session_hash: string | null;
  /** The WebAuthn user id a registration's options offered (the new passkey gets it). */
  user_handle: string | null;
  expires_at: ColumnType<Date, Date, never>;
}

export type AuthTokenPurpose = 'magic_link' | 'password_reset';

export interface AuthTokensTable {
  token_hash: string;
  purpose: AuthTokenPurpose;
  account_id: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

export interface InvitationsTable {
  id: string;
  company_id: string;
  email: string;
  company_role: CompanyRoleValue;
  token_hash: string;
  invited_by: string | null;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, Date>;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date>;
  account_id: ColumnType<string | null, string | null | undefined, string>;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type InvitationRow = Selectable<InvitationsTable>;

/** A file a candidate uploaded (stored under DATA_DIR/uploads by the storage module). */
export interface UploadsTable {
  id: string;
  company_id: string;
  /** The generated file name in the storage; never derived from the client's name. */
  storage_key: string;
  original_name: string;
  /** The type the content was recognised as (not the one the client claimed). */
  content_type: string;
  size: number;
  /** SHA-256 of the uploading client's address, for the per-address bound; null once the upload is an hour old. */
  uploader_ip_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface CandidatesTable {
  id: string;
  company_id: string;
  /** Lower case; one candidate per e-mail and company. */
  email: string;
  /** The candidate fields of spec §3: personal, expectedConditions, profile, meta. */
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  /** Null: the last application's consent plus the company's consent months (migration 0017). */
  consent_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  consent_reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set once the candidate's personal data was removed (by request or retention). */
  anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ApplicationsTable {
  id: string;
  company_id: string;
  channel_id: string;
  candidate_id: string;
  cv_upload_id: string | null;
  /** A cover letter sent as a file (issue 9); a typed one is in `form.coverLetter`. */
  cover_letter_upload_id: ColumnType<string | null, string | null | undefined, string | null>;
  submission_id: string;
  /** SHA-256 of the submitted form (without its submission id): the same key with another form is refused. Null before migration 0005. */
  submission_fingerprint: string | null;
  language: string;
  referral_code: string | null;
  /** The link's campaign and the referring page (origin and path) the visitor came by (issue 30, migration 0034). */
  utm_source: ColumnType<string | null, string | null | undefined, string | null>;
  utm_medium: ColumnType<string | null, string | null | undefined, string | null>;
  utm_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  /** The submitted form as validated (without the consent flag). */
  form: ColumnType<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>;
  consent_given_at: ColumnType<Date, Date | string, Date | string>;
  /** The privacy text the candidate agreed to, as shown. */
  consent_text: string;
  /** The language and version of that notice (issue 25, migration 0024; null before). */
  consent_language: ColumnType<string | null, string | null | undefined, string | null>;
  consent_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when its personal data was removed; the row stays for the counts (migration 0017). */
  anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface ReferralsTable {
  code: string;
  company_id: string;
  channel_id: string | null;
  referrer_name: string;
  referrer_email: string;
  created_at: CreatedAt;
}

export interface ShareLinksTable {
  slug: string;
  company_id: string;
  channel_id: string;
  created_at: CreatedAt;
}

/** Sensitive actions (applicant data exports...): who, when, what; never personal data. */
export interface AuditLogTable {
  id: string;
  /** Null for a platform entry: an admin's own account action (migration 0030). */
  company_id: string | null;
  actor_id: string;
  action: string;
  /** No foreign key: the record outlives a deleted opening. */
  opening_id: string | null;
  details: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, never>;
  created_at: CreatedAt;
}

// ---------- the applicant's step flow (0010) ----------

type Json = Record<string, unknown>;

/** A company's default process for new openings (`{ steps: [...] }`, ProcessSchema of @rec/core). */
export interface CompanyStepProcessesTable {
  company_id: string;
  process: ColumnType<Json, Json, Json>;
  updated_at: UpdatedAt;
}

export interface OpeningStepProcessesTable {
  company_id: string;
  opening_id: string;
  process: ColumnType<Json, Json, Json>;
  updated_at: UpdatedAt;
}

export interface ApplicationStepsTable {
  id: string;
  company_id: string;
  application_id: string;
  position: number;
  product: string;
  config: ColumnType<Json, Json, Json>;
  status: ColumnType<string, string | undefined, string>;
  progress: ColumnType<Json, Json | undefined, Json>;
  result: ColumnType<Json | null, Json | null | undefined, Json | null>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ApplicantCurrentApplicationsTable {
  account_id: string;
  company_id: string;
  application_id: string;
}

export interface StepAccessTokensTable {
  token_hash: string;
  company_id: string;
  application_id: string;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface InterviewAnswersTable {
  company_id: string;
  step_id: string;
  question_id: string;
  attempt: number;
  storage_key: string;
  received: ColumnType<number, number | undefined, number>;
  content_type: string | null;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** Pipeline history (issue 14): an application entered `stage` at `entered_at`. */
export interface ApplicationStageEventsTable {
  id: string;
  company_id: string;
  application_id: string;
  stage: string;
  entered_at: ColumnType<Date, Date | string, Date | string>;
  /** Who moved the candidate (migration 0015); null: the system (a new application, the demo). */
  actor_id: ColumnType<string | null, string | null | undefined, never>;
  /** The rejection reason code (REJECTION_REASONS of @rec/core/pipeline) of a move into the rejected stage. */
  reason: ColumnType<string | null, string | null | undefined, never>;
}

/** Where an application stands, kept by a trigger on application_stage_events (never written by the application). */
export interface ApplicationPipelineTable {
  application_id: string;
  company_id: string;
  furthest_rank: number;
  current_stage: string;
  current_since: Date;
  hired_at: Date | null;
}

/** Analytics dashboards; `panels` and `global_query` are validated by @rec/core/insights before they are written. */
export interface DashboardsTable {
  id: string;
  company_id: string;
  owner_id: string;
  name: string;
  color: string;
  panels: ColumnType<unknown[], string, string>;
  global_query: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Recruiters a dashboard is shared with (its owner sees it without a row here). */
export interface DashboardRecruitersTable {
  company_id: string;
  dashboard_id: string;
  recruiter_id: string;
  created_at: CreatedAt;
}

/** One row per background job and period (migration 0014): the instance that inserted it runs the job. */
export interface JobRunsTable {
  name: string;
  period: string;
  instance: string;
  claimed_at: ColumnType<Date, Date | string, Date | string>;
}

/** A file of the postgres file store (migration 0020): a temporary name until committed. */
export interface StoredFilesTable {
  id: string;
  namespace: string;
  name: string;
  company_id: string;
  temporary: boolean;
  /** bigint: pg answers a string, PGlite a number. */
  size: ColumnType<string | number, number | undefined, number>;
  modified_at: Date;
}

/** The bytes of a stored file from `start`, at most 256 KB a row. */
export interface StoredFileChunksTable {
  file_id: string;
  start: ColumnType<string | number, number, number>;
  data: Uint8Array;
}

/** A recruiter's note on a candidate's application (migration 0016); `mentions` are account ids. */
export interface CandidateNotesTable {
  id: string;
  company_id: string;
  candidate_id: string;
  application_id: string;
  author_id: string;
  text: string;
  mentions: ColumnType<string[], string | undefined, never>;
  created_at: CreatedAt;
}

/** Mails sent to a candidate about an application (migration 0015): what and when, never the body. */
export interface ApplicationMailsTable {
  id: string;
  company_id: string;
  application_id: string;
  /** The recruiter who sent it; null when the system did. */
  actor_id: string | null;
  /** 'rejection', ... */
  kind: string;
  language: string;
  subject: string;
  sent_at: ColumnType<Date, Date | string | undefined, never>;
}

// ---------- the candidate portal (0017) ----------

export interface CandidateRequestsTable {
  id: string;
  company_id: string;
  candidate_id: string;
  application_id: string;
  kind: 'step' | 'appointment' | 'document';
  message: ColumnType<string, string | undefined, string>;
  requested_by: string | null;
  /** SHA-256 of the mail link's sign-in token. */
  token_hash: string;
  token_expires_at: ColumnType<Date, Date, Date>;
  created_at: CreatedAt;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface DataRemovalTokensTable {
  token_hash: string;
  company_id: string;
  candidate_id: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

export interface AppointmentsTable {
  id: string;
  company_id: string;
  candidate_id: string;
  application_id: string;
  token_hash: string;
  recruiter_id: string | null;
  duration_minutes: number;
  location: ColumnType<string, string | undefined, string>;
  video_url: ColumnType<string, string | undefined, string>;
  /** ISO instants, passed as JSON text (both drivers store it as jsonb). */
  slots: ColumnType<string[], string, string>;
  chosen_start: ColumnType<Date | null, Date | null | undefined, Date | null>;
  time_zone: ColumnType<string, string | undefined, string>;
  status: ColumnType<'OFFERED' | 'BOOKED' | 'CANCELLED', 'OFFERED' | 'BOOKED' | 'CANCELLED' | undefined, 'OFFERED' | 'BOOKED' | 'CANCELLED'>;
  /** The iCalendar SEQUENCE: every rebooking or cancellation raises it. */
  sequence: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A company's webhook receiver (issue 30, migration 0032). `secret` is sealed by the secret box. */
export interface WebhookEndpointsTable {
  id: string;
  company_id: string;
  url: string;
  /** JSON array of event types; written as JSON text (the pg driver would send a JS array as a PostgreSQL array). */
  events: ColumnType<string[], string, string>;
  secret: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  failure_streak: ColumnType<number, number | undefined, number>;
  disabled_at: Date | null;
  created_at: CreatedAt;
}

/** One event for one endpoint: the delivery queue and its log (migration 0032). */
export interface WebhookDeliveriesTable {
  id: string;
  company_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: ColumnType<'pending' | 'delivered' | 'dead', 'pending' | 'delivered' | 'dead' | undefined, 'pending' | 'delivered' | 'dead'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  last_status: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date, never>;
  delivered_at: Date | null;
}
