import { lookup as dnsLookup } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { DEFAULT_RETENTION_DAYS, ERROR_KEYS } from '@rec/core';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { type Config, DEFAULT_API_RATE_LIMITS, DEFAULT_REALTIME_SOCKETS_PER_ADDRESS } from './config';
import type { Database } from './db/schema';
import { registerAuth, sessionCookie } from './http/auth';
import { registerPublicCors } from './http/cors';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, sendError } from './http/errors';
import { createOutboundFetch, type OutboundFetchOptions, type OutboundPolicy } from './http/outbound-guard';
import { createPublicAnswerCache, type PublicAnswerCache } from './http/public-answer-cache';
import { registerPublicCache } from './http/public-cache';
import { registerRequestGuards } from './http/request-guards';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticHosting } from './http/static';
import { registerTextGuard } from './http/text-guard';
import { createUploadGuard, registerUploadGuard } from './http/upload-guard';
import { DEFAULT_ACCESS_LOG, DEFAULT_UPLOAD_LIMITS } from './config';
import { AccessLogController } from './logging/access-log';
import { loggerOptions } from './logging/logger-options';
import { adminRoutes } from './modules/admin/routes';
import { createAdminService } from './modules/admin/service';
import { accountRoutes } from './modules/account/routes';
import { createPendingActions } from './modules/recruiters/pending-actions';
import { createTeamRepository } from './modules/team/repository';
import { teamRoutes } from './modules/team/routes';
import { createTeamService } from './modules/team/service';
import { recordRoutes, type RegisteredRoute } from './modules/api-docs/route-registry';

export type { RegisteredRoute };
import { apiDocsRoutes } from './modules/api-docs/routes';
import { createPasswordHasher, DEFAULT_SCRYPT } from './modules/auth/passwords';
import {
  type AuthRateLimits,
  createAuthRateLimiter,
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './modules/auth/rate-limit';
import { createAccountRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { deviceCookie } from './modules/two-factor/device-cookie';
import { createTwoFactorRepository } from './modules/two-factor/repository';
import { createPasskeyCeremony } from './modules/two-factor/passkey-ceremony';
import { createPasskeyRepository } from './modules/two-factor/passkey-repository';
import { passkeyRoutes } from './modules/two-factor/passkey-routes';
import { createPasskeyService, PASSKEY_OPTIONS_LIMITS } from './modules/two-factor/passkey-service';
import { relyingPartyOf } from './modules/two-factor/relying-party';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { createSecretBox } from './modules/two-factor/secret-box';
import { createTwoFactorService } from './modules/two-factor/service';
import { bindingCookie } from './modules/sso/binding';
import { createTxtResolver, type TxtResolver } from './modules/sso/domain-verification';
import { createOidcClient } from './modules/sso/oidc-client';
import { createSsoRepository } from './modules/sso/repository';
import { ssoRoutes } from './modules/sso/routes';
import { createSsoPasswordPolicy, createSsoService } from './modules/sso/service';
import { type AuthService, createAuthService } from './modules/auth/service';
import { createSessionService, type SessionService } from './modules/auth/sessions';
import { type Clock, systemClock } from './modules/auth/tokens';
import { createBoardRepository } from './modules/boards/repository';
import { createBrandingRepository } from './modules/branding/repository';
import { brandingRoutes } from './modules/branding/routes';
import { createBrandingService } from './modules/branding/service';
import { boardRoutes } from './modules/boards/routes';
import { createBoardService } from './modules/boards/service';
import { buildRoutes } from './modules/builds/routes';
import { createCompanyRepository } from './modules/companies/repository';
import { CANDIDATE_EVENT_TYPES, createDomainEvents, type DomainEvents } from './modules/domain-events/domain-events';
import { connectRedisEvents } from './modules/domain-events/redis-transport';
import { companyRoutes } from './modules/companies/routes';
import { mailTemplateRoutes } from './modules/mail-templates/routes';
import { embedSnippetRoutes } from './modules/embed-snippets/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { createLogoRepository } from './modules/company-logos/repository';
import { logoRoutes, publicLogoRoutes } from './modules/company-logos/routes';
import { createLogoService } from './modules/company-logos/service';
import { createCompanyService } from './modules/companies/service';
import { type BackgroundTasks, createBackgroundTasks } from './modules/mail/background';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/routes';
import { createOfferRepository } from './modules/offers/repository';
import { offerCountRoutes } from './modules/offer-count/routes';
import { createOfferCountService } from './modules/offer-count/service';
import { offerRoutes } from './modules/offers/routes';
import { createOfferService } from './modules/offers/service';
import { createRecruiterRepository } from './modules/recruiters/repository';
import { recruiterRoutes } from './modules/recruiters/routes';
import { createRecruiterService } from './modules/recruiters/service';
import { createCandidateNotifier } from './modules/applications/confirmation-mail';
import { createApplicationRepository } from './modules/applications/repository';
import { applicationRoutes } from './modules/applications/routes';
import { createApplicationService, type NotifyCandidate } from './modules/applications/service';
import { createReferralService, referralRoutes } from './modules/referrals/referrals';
import { seoRoutes } from './modules/seo/routes';
import { createFeedService } from './modules/feeds/feed-items';
import { createFeedRepository } from './modules/feeds/repository';
import { feedRoutes } from './modules/feeds/routes';
import { crawlerRoutes } from './modules/seo/crawler-routes';
import { createSitemapRepository } from './modules/seo/sitemap-repository';
import { createShareService, shareRoutes } from './modules/share/share';
import { type FileStorage, removeStoredFiles } from './modules/storage/file-storage';
import { createFileStores, type FileStores } from './modules/storage/file-stores';
import { dailyPeriod } from './modules/jobs/job-runs';
import { createScheduler, type Scheduler } from './modules/jobs/scheduler';
import { createUploadRepository } from './modules/storage/repository';
import { storageRoutes } from './modules/storage/routes';
import { createUnusedUploadSweeper, GROWING_FILE_MIN_AGE_MS } from './modules/storage/unused-uploads';
import { createStepUploadRepository } from './modules/steps/upload-holdings';
import { createPolicyLimiter, createRateLimiter, type RateLimit, registerAnonymousLimit } from './http/rate-limit';
import { createBearerAuth, registerApiKeyAudit } from './modules/api-keys/bearer';
import { createApiKeyRepository } from './modules/api-keys/repository';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { createApiKeyService } from './modules/api-keys/service';
import { createApplicantRepository } from './modules/applicants/repository';
import { createAuditLog } from './modules/audit/audit-log';
import { exportRoutes } from './modules/exports/routes';
import { createOpeningRepository } from './modules/openings/repository';
import { openingRoutes } from './modules/openings/routes';
import { createPipelineRepository } from './modules/pipeline/repository';
import { createWithdrawalRepository } from './modules/withdrawal/repository';
import { createWithdrawalService } from './modules/withdrawal/service';
import { pipelineRoutes } from './modules/pipeline/routes';
import { createPipelineService } from './modules/pipeline/service';
import { createOpeningService } from './modules/openings/service';
import { createPostingRepository } from './modules/postings/repository';
import { postingRoutes } from './modules/postings/routes';
import { createPostingService } from './modules/postings/service';
import { createEventBus, type EventBus } from './events/event-bus';
import { createBuiltinProvider } from './modules/steps/builtin-assessments';
import { createInterviewService } from './modules/steps/interview';
import { renderNoteMention } from './modules/candidate-review/mention-mail';
import { createCandidateReviewRepository } from './modules/candidate-review/repository';
import { candidateReviewRoutes } from './modules/candidate-review/routes';
import { createCandidateReviewService } from './modules/candidate-review/service';
import { createInterviewRepository, createStepRepository } from './modules/steps/repository';
import { videoStorageOf } from './modules/steps/video-storage';
import { testFixtureRoutes } from './modules/test-fixtures/routes';
import { createFixtureAdmins } from './modules/test-fixtures/admins';
import { createTestFixtureService } from './modules/test-fixtures/service';
import { stepRoutes } from './modules/steps/routes';
import { createRealtimeAccess } from './modules/realtime/access';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/hub';
import { realtimeRoutes } from './modules/realtime/routes';
import { liveSessionsOf } from './modules/realtime/session-watch';
import { relayStepEvents } from './modules/realtime/step-relay';
import { createStepService, type StepService } from './modules/steps/service';

/**
 * Fastify 5 ignores a numeric trustProxy (it cannot check the direct peer). A hop count keeps its
 * usual meaning here, on purpose: the operator states that only their proxies reach the server.
 */
function fastifyTrustProxy(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}
import { createDashboardRepository } from './modules/insights/repository';
import { createAppointmentService } from './modules/appointments/service';
import { createPortalRepository } from './modules/candidate-portal/repository';
import { candidatePortalRoutes } from './modules/candidate-portal/routes';
import { createPortalService } from './modules/candidate-portal/service';
import { withCompanyLogos } from './modules/mail/company-logo';
import { withSafeText } from './modules/mail/safe-text';
import { createApplicationMails, DIGEST_JOB } from './modules/notifications/application-mails';
import { createNotificationPreferences } from './modules/notifications/preferences';
import { notificationRoutes } from './modules/notifications/routes';
import { createRetentionJob, RETENTION_JOB } from './modules/retention/retention';
import { createTalentPoolRepository } from './modules/talent-pools/repository';
import { talentPoolRoutes } from './modules/talent-pools/routes';
import { createTalentPoolService } from './modules/talent-pools/service';
import type { RemovedFiles } from './modules/candidate-portal/anonymise';
import { insightsRoutes } from './modules/insights/routes';
import { createInsightsService } from './modules/insights/service';
import { webhookListener } from './modules/webhooks/event-source';
import { RESPONSE_MAX_BYTES, SEND_TIMEOUT_MS } from './modules/webhooks/delivery-policy';
import { webhookDisabledNotifier } from './modules/webhooks/disabled-mail';
import { createWebhookRepository } from './modules/webhooks/repository';
import { webhookRoutes } from './modules/webhooks/routes';
import { createWebhookService, type WebhookService } from './modules/webhooks/service';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/worker';

/** Seams of the account modules, for tests (a fake clock, a shared store, a cheaper hash). */
export interface AuthOptions {
  now?: Clock;
  rateLimitStore?: RateLimitStore;
  rateLimits?: AuthRateLimits;
  mailer?: Mailer;
  background?: BackgroundTasks;
  /**
   * Test only: scrypt N for passwords hashed by this app (and the dummy hash). Refused when
   * NODE_ENV is production; stored hashes keep verifying with their own parameters.
   */
  scryptCost?: number;
  /** Test only: the TXT lookups of SSO domain verification (default: node:dns, DNS_SERVERS). */
  resolveTxt?: TxtResolver;
  /** Test only: how the outbound guard resolves names (default: the system resolver). */
  outboundResolve?: OutboundFetchOptions['resolve'];
}

/** The account services, reachable from tests through `app.accounts`. */
export interface AccountsModule {
  auth: AuthService;
  sessions: SessionService;
  mailer: Mailer;
  background: BackgroundTasks;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsModule;
    /** Every method and URL registered, in order: the route matrix, the fuzz test and /openapi.json iterate over it. */
    registeredRoutes: readonly RegisteredRoute[];
    /** The in-process domain event bus of the step flow (realtime and mails will subscribe). */
    events: EventBus;
    steps: StepService;
    /** The domain event bus of public content: services emit, the public answer cache listens. */
    domainEvents: DomainEvents;
    /** The cached public board and offer answers (tests look at its size). */
    publicAnswers: PublicAnswerCache;
    /** The daily retention run (issue 12); tests call `runOnce` with their clock. */
    retention: ReturnType<typeof createRetentionJob>;
    /** The file stores of every namespace on the configured driver (FILE_STORE). */
    fileStores: FileStores;
    /** Background jobs run once per period across instances: register before the app is ready. */
    scheduler: Scheduler;
    /** The realtime sockets of this instance (tests and the bench look at them). */
    realtime: RealtimeHub;
    /** Outgoing webhooks (issue 30): tests run the worker with their clock. */
    webhooks: { service: WebhookService; worker: WebhookWorker };
  }
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'distDir' | 'nodeEnv' | 'logLevel'> &
    Partial<Pick<Config, 'accessLog' | 'dataDir' | 'redisUrl' | 'smtpUrl' | 'mailFrom' | 'indeedClientId' | 'retentionDays' | 'trustProxy' | 'uploadLimits' | 'fileStore' | 'realtimeSocketsPerAddress' | 'apiRateLimits' | 'twoFactorKey' | 'passkeyOrigin' | 'outboundAllowPrivate' | 'dnsServers'>>;
  /** Overrides the logger chosen from the config (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** The "process start" reported by /builds/latest.json when dist/ has no build-info.json. */
  startedAt?: number;
  auth?: AuthOptions;
  /**
   * Tells a candidate their application arrived. Default: a mail through the shared mailer
   * with a magic link to continue (tests pass a recorder).
   */
  notifyCandidate?: NotifyCandidate;
  /** Where uploaded CVs go (default: the `uploads` namespace of config.fileStore, disk under DATA_DIR/uploads). */
  storage?: FileStorage;
  /** Checks background jobs this often (tests pass a long one and call runDue). */
  schedulerTickMs?: number;
  /** Requests per client IP on the public write routes (apply, upload, referral). */
  rateLimit?: RateLimit;
  /** Realtime socket heartbeat period (tests pass a short one). */
  realtimeHeartbeatMs?: number;
  /** How often the webhook worker looks for due deliveries (retries, other instances' events). */
  webhookPollMs?: number;
  /** false: the webhook worker does not run by itself (tests drive it with `app.webhooks.worker.runDue`). */
  webhookWorker?: boolean;
}

/**
 * The HTTP application, without listening: main.ts listens, tests call `app.inject()`.
 * Order matters: error and not-found handling and the cross-cutting hooks come first so every
 * route registered after them (and the static files) inherits them.
 */
export async function buildApp({
  db,
  config,
  logger,
  startedAt = Math.round(performance.timeOrigin),
  auth: authOptions = {},
  ...options
}: BuildAppOptions): Promise<FastifyInstance> {
  if (authOptions.scryptCost !== undefined && config.nodeEnv === 'production') throw new Error('scryptCost is a test-only option');
  const app = Fastify({
    logger: logger ?? (config.nodeEnv === 'test' ? false : loggerOptions(config)),
    // Fastify's two lines per request replaced by the access log's choice: errors, slow, sampled (or all).
    logController: new AccessLogController(config.accessLog ?? DEFAULT_ACCESS_LOG),
    // Behind a proxy, request.ip (the rate-limit key) is the forwarded client only when the proxy is trusted.
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    frameworkErrors,
    clientErrorHandler,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Longer than any id or token we route on; longer parameters get a 414 from the router.
      maxParamLength: 500,
    },
  });

  // First, so every route registered afterwards (plugins and static hosting included) is listed:
  // the route matrix, the fuzz test and the API document are generated from this list.
  const registeredRoutes = recordRoutes(app);
  app.decorate('registeredRoutes', registeredRoutes);
  registerErrorHandler(app);
  // CORS first: even a request refused by the guards must be readable by the calling widget.
  registerPublicCors(app);
  registerRequestGuards(app);
  registerTextGuard(app);
  // Before any route: every route that accepts bytes checks its caller before the body is read.
  registerUploadGuard(app);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerPublicCache(app);
  await app.register(fastifyCookie);

  const now = authOptions.now ?? systemClock;
  const rateLimitStore =
    authOptions.rateLimitStore ??
    (config.redisUrl ? createRedisRateLimitStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })) : createMemoryRateLimitStore(now));
  // Every mail: foreign links broken up and subjects one line (issue 24, M3); then mails naming their
  // company get an HTML version headed by its default logo (issue 13), made from the guarded text.
  const mailer = withSafeText(
    withCompanyLogos(
      authOptions.mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom ?? 'Recruitment platform <no-reply@localhost>',
          outboxDir: config.dataDir ? join(config.dataDir, 'outbox') : join(tmpdir(), `rec-outbox-${randomBytes(6).toString('hex')}`),
        }),
      db,
    ),
    config.publicUrl,
  );
  const background = authOptions.background ?? createBackgroundTasks();
  const accountRepository = createAccountRepository(db);
  const sessions = createSessionService({ repository: accountRepository, now });
  const cookie = sessionCookie(config.publicUrl);
  const passwords = createPasswordHasher(authOptions.scryptCost ? { ...DEFAULT_SCRYPT, N: authOptions.scryptCost } : DEFAULT_SCRYPT);
  const authRateLimiter = createAuthRateLimiter(rateLimitStore, authOptions.rateLimits);
  // Single sign-on (issue 32): password sign-ins consult its "SSO only" setting.
  const ssoRepository = createSsoRepository(db);
  const auth = createAuthService({
    ssoPolicy: createSsoPasswordPolicy({ repository: ssoRepository, audit: createAuditLog(db) }),
    repository: accountRepository,
    sessions,
    passwords,
    rateLimiter: authRateLimiter,
    mailer,
    background,
    publicUrl: config.publicUrl,
    now,
  });
  app.decorate('accounts', { auth, sessions, mailer, background });
  // The one upload guard's shared numbers and counters (with Redis, rates count across instances).
  const uploadLimits = config.uploadLimits ?? DEFAULT_UPLOAD_LIMITS;
  const uploadGuard = createUploadGuard(uploadLimits, config.redisUrl ? rateLimitStore : undefined);
  app.addHook('onClose', async () => {
    await background.idle();
    if (!authOptions.rateLimitStore) await rateLimitStore.close?.();
    if (!authOptions.mailer) await mailer.close();
  });
  // Company API keys (issue 30): a Bearer key is resolved where sessions are, limited per key; anonymous
  // API calls are limited per address. Both on the sign-in limits' counters (Redis when REDIS_URL is set).
  const apiRateLimits = config.apiRateLimits ?? DEFAULT_API_RATE_LIMITS;
  const apiKeyAudit = createAuditLog(db);
  const apiKeys = createApiKeyService({ repository: createApiKeyRepository(db), audit: apiKeyAudit, now });
  const anonymousLimiter = apiRateLimits.anonymousPerMinute > 0 ? createPolicyLimiter({ name: 'anonymous', limit: apiRateLimits.anonymousPerMinute, windowMs: 60_000 }, rateLimitStore) : undefined;
  const bearer = createBearerAuth({
    keys: apiKeys,
    perKey: createPolicyLimiter({ name: 'api-key', limit: apiRateLimits.perKeyPerMinute || Number.MAX_SAFE_INTEGER, windowMs: 60_000 }, rateLimitStore),
    perAddress: anonymousLimiter,
  });
  registerAuth(app, { sessions, cookie, publicUrl: config.publicUrl, bearer });
  if (anonymousLimiter) registerAnonymousLimit(app, anonymousLimiter);
  registerApiKeyAudit(app, apiKeyAudit);

  // Public answers are dropped per company on every write a service reports, here or (through
  // Redis) on another instance, so no instance serves a board older than the last write.
  const domainEvents = createDomainEvents({ onListenerError: (error) => app.log.error({ err: error }, 'domain event listener failed') });
  const publicAnswers = createPublicAnswerCache();
  domainEvents.subscribe((event) => {
    if (!CANDIDATE_EVENT_TYPES.has(event.type)) publicAnswers.invalidateCompany(event.companyId);
  });
  app.decorate('domainEvents', domainEvents);
  app.decorate('publicAnswers', publicAnswers);
  if (config.redisUrl) {
    const transport = connectRedisEvents(domainEvents, config.redisUrl, { log: app.log, onResync: () => publicAnswers.clear() });
    // Waits for the subscription so a write right after start-up reaches this instance, but a
    // Redis that is down must not keep the API from serving (answers then fall back to expiry).
    app.addHook('onReady', async () => {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
      if ((await Promise.race([transport.ready, timeout])) === 'timeout') app.log.warn('Redis domain events not subscribed yet: other instances’ writes may be seen late');
    });
    app.addHook('onClose', () => transport.close());
  }

  const offerRepository = createOfferRepository(db);
  const offers = createOfferService({ repository: offerRepository, publicUrl: config.publicUrl, indeedClientId: config.indeedClientId });
  const boardRepository = createBoardRepository(db);
  const boards = createBoardService({ repository: boardRepository, offers, publicUrl: config.publicUrl });
  await app.register(boardRoutes, { boards, cache: publicAnswers });
  await app.register(feedRoutes, {
    feeds: createFeedService({ boards: boardRepository, feeds: createFeedRepository(db), publicUrl: config.publicUrl }),
    cache: publicAnswers,
    publicUrl: config.publicUrl,
  });
  await app.register(brandingRoutes, { branding: createBrandingService({ repository: createBrandingRepository(db) }), cache: publicAnswers });
  await app.register(offerCountRoutes, { offerCount: createOfferCountService({ boards: boardRepository, offers: offerRepository }) });
  await app.register(offerRoutes, { offers, cache: publicAnswers });
  await app.register(buildRoutes, { distDir: config.distDir, startedAt });

  const companyRepository = createCompanyRepository(db);
  // TOTP secrets and IdP client secrets: one box, one key (TWO_FACTOR_KEY).
  const secretBox = createSecretBox(db, config.twoFactorKey);
  // Two-factor sign-in (issue 32): the sign-in routes ask it about remembered devices.
  const passkeyRepository = createPasskeyRepository(db);
  // Passkeys (issue 32): the expected origin and RP ID come from the configuration, never from a request.
  const ceremony = createPasskeyCeremony({ repository: passkeyRepository, relyingParty: relyingPartyOf(config.publicUrl, config.passkeyOrigin), now });
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(db),
    passkeys: passkeyRepository,
    ceremony,
    accounts: accountRepository,
    companies: createCompanyRepository(db),
    sessions,
    passwords,
    rateLimiter: authRateLimiter,
    box: secretBox,
    audit: createAuditLog(db),
    now,
  });
  const passkeys = createPasskeyService({
    repository: passkeyRepository,
    accounts: accountRepository,
    sessions,
    twoFactor,
    rateLimiter: authRateLimiter,
    optionsLimiter: createAuthRateLimiter(rateLimitStore, PASSKEY_OPTIONS_LIMITS),
    audit: createAuditLog(db),
    ceremony,
    now,
  });
  const device = deviceCookie(config.publicUrl);
  await app.register(authRoutes, { auth, sessions, cookie, twoFactor, device });
  await app.register(twoFactorRoutes, { twoFactor, passkeys, cookie, device });
  await app.register(passkeyRoutes, { passkeys, sessions, cookie });
  // Calls to URLs companies typed (SSO issuers): public https only, unless OUTBOUND_ALLOW_PRIVATE
  // says otherwise; plain http never in production (http/outbound-guard.ts).
  const outbound: OutboundPolicy = {
    allowPrivate: config.outboundAllowPrivate ?? (config.nodeEnv === 'test' ? 'all' : []),
    allowHttp: config.nodeEnv !== 'production',
  };
  if (config.nodeEnv === 'production' && outbound.allowPrivate === 'all') app.log.warn('OUTBOUND_ALLOW_PRIVATE=1 in production: SSO issuers may reach this network (docs/operations.md)');
  const sso = createSsoService({
    repository: ssoRepository,
    sessions,
    rateLimiter: authRateLimiter,
    box: secretBox,
    audit: createAuditLog(db),
    oidc: createOidcClient({ fetch: createOutboundFetch({ ...outbound, timeoutMs: 10_000, ...(authOptions.outboundResolve ? { resolve: authOptions.outboundResolve } : {}) }) }),
    outbound,
    resolveTxt: authOptions.resolveTxt ?? createTxtResolver(config.dnsServers),
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(ssoRoutes, { sso, sessions, cookie, binding: bindingCookie(config.publicUrl) });
  await app.register(recruiterRoutes, {
    recruiters: createRecruiterService({ repository: createRecruiterRepository(db), now, pendingActions: createPendingActions(db, now), events: domainEvents }),
  });
  // Team, account and admin (issue 13).
  const accountAudit = createAuditLog(db);
  await app.register(teamRoutes, {
    team: createTeamService({ repository: createTeamRepository(db), auth, mailer, audit: accountAudit, publicUrl: config.publicUrl, now, events: domainEvents }),
  });
  await app.register(accountRoutes, { db, accounts: accountRepository, auth, audit: accountAudit, cookie, now, events: domainEvents });
  await app.register(adminRoutes, { admin: createAdminService({ db, auth, mailer, audit: accountAudit, events: domainEvents, now }) });
  // Without a DATA_DIR (some tests) files go to a temporary folder of this app alone: the start-up
  // sweep removes files its database does not name, so two apps must never share one.
  const dataDir = config.dataDir ?? join(tmpdir(), `rec-data-${process.pid}-${randomBytes(6).toString('hex')}`);
  const fileStores = createFileStores(config.fileStore ?? { driver: 'disk' }, dataDir, db);
  const storage = options.storage ?? fileStores.uploads;
  const logos = createLogoService({ repository: createLogoRepository(db), storage, events: domainEvents, publicUrl: config.publicUrl });
  await app.register(logoRoutes, { logos, guard: uploadGuard, storage });
  await app.register(publicLogoRoutes, { logos });
  await app.register(companyRoutes, {
    companies: createCompanyService({ repository: companyRepository, logos: logos.list, events: domainEvents, retentionDays: config.retentionDays }),
  });
  await app.register(mailTemplateRoutes, { db });
  await app.register(talentPoolRoutes, { pools: createTalentPoolService({ repository: createTalentPoolRepository(db), now }) });
  await app.register(embedSnippetRoutes, { db, publicUrl: config.publicUrl });
  await app.register(apiKeyRoutes, { keys: apiKeys });
  await app.register(integrationRoutes, { smtpConfigured: !!config.smtpUrl, indeedConfigured: !!config.indeedClientId });
  // Outgoing webhooks (issue 30): queued in PostgreSQL, sent by a worker on every instance.
  const webhookRepository = createWebhookRepository(db);
  const outboundResolve = authOptions.outboundResolve ?? ((hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }));
  const webhookWorker = createWebhookWorker({
    repository: webhookRepository,
    box: secretBox,
    fetch: createOutboundFetch({ ...outbound, timeoutMs: SEND_TIMEOUT_MS, maxBytes: RESPONSE_MAX_BYTES, maxRedirects: 0, resolve: outboundResolve }),
    now,
    log: app.log,
    onDisabled: webhookDisabledNotifier({ repository: webhookRepository, mailer, publicUrl: config.publicUrl }),
    ...(options.webhookPollMs ? { pollMs: options.webhookPollMs } : {}),
  });
  const webhooks = createWebhookService({ db, repository: webhookRepository, box: secretBox, policy: outbound, resolve: outboundResolve, now, kick: () => webhookWorker.kick() });
  domainEvents.subscribe(webhookListener(webhooks.publish, (error) => app.log.error({ err: error }, 'webhook event not queued')));
  app.decorate('webhooks', { service: webhooks, worker: webhookWorker });
  await app.register(webhookRoutes, { webhooks });
  if (options.webhookWorker !== false) app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', () => webhookWorker.stop());
  app.decorate('fileStores', { ...fileStores, uploads: storage });
  const scheduler = createScheduler({ db, log: app.log, tickMs: options.schedulerTickMs });
  app.decorate('scheduler', scheduler);
  // Tests run due jobs themselves (scheduler.runDue): a tick in the middle of a long test would
  // write job_runs under a test that checks nothing was written (the route fuzz test).
  if (config.nodeEnv !== 'test' || options.schedulerTickMs) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  const openings = createOpeningService({
    repository: createOpeningRepository(db, { removeFilesWithin: storage.removeWithin }),
    now,
    retentionDays: config.retentionDays ?? DEFAULT_RETENTION_DAYS,
    removeFiles: (keys) => removeStoredFiles(storage, keys, app.log),
    events: domainEvents,
  });
  const applicants = createApplicantRepository(db);
  const audit = createAuditLog(db);
  await app.register(openingRoutes, { openings, applicants, audit });
  await app.register(postingRoutes, {
    postings: createPostingService({ repository: createPostingRepository(db), openings, publicUrl: config.publicUrl, now, events: domainEvents }),
  });
  await app.register(exportRoutes, { openings, applicants, audit });
  await app.register(pipelineRoutes, {
    pipeline: createPipelineService({ repository: createPipelineRepository(db), openings, audit, mailer, now, events: domainEvents, log: app.log }),
  });
  await app.register(insightsRoutes, { insights: createInsightsService({ db, repository: createDashboardRepository(db), now }) });
  if (config.nodeEnv !== 'production' && mailer.outboxDir) await app.register(outboxRoutes, { outboxDir: mailer.outboxDir });

  const events = createEventBus(app.log);
  // Files answering a form step are named by the step's progress, not by an upload row: their own
  // folder keeps them out of the sweep of uploads that no row names.
  const stepFiles = fileStores.stepFiles;
  const stepUploads = createStepUploadRepository(db);
  const steps = createStepService({
    repository: createStepRepository(db),
    events,
    provider: createBuiltinProvider(),
    now,
    files: stepFiles,
    uploads: { limits: uploadLimits, holdings: stepUploads.holdings },
  });
  app.decorate('events', events);
  app.decorate('steps', steps);
  const videos = videoStorageOf(fileStores.interviews);
  const interview = createInterviewService({ steps, repository: createInterviewRepository(db), storage: videos });
  const withdrawal = createWithdrawalService({
    steps,
    repository: createWithdrawalRepository(db),
    stageEvents: createPipelineRepository(db),
    audit,
    events: domainEvents,
    now,
  });
  await app.register(stepRoutes, { steps, interview, withdrawal, guard: uploadGuard, stepFiles, interviews: fileStores.interviews });
  // End-to-end tests only: a company of its own per test (never registered outside NODE_ENV=test).
  if (config.nodeEnv === 'test') {
    await app.register(testFixtureRoutes, {
      fixtures: createTestFixtureService({ db, sessions, uploads: storage, videos, cookieName: cookie.name }),
      admins: createFixtureAdmins({ db, sessions, twoFactor: createTwoFactorRepository(db), box: secretBox, cookieName: cookie.name, now }),
    });
  }
  // Mails to recruiters (issue 13): new applications at once or as a daily digest, as each chose.
  const notificationPreferences = createNotificationPreferences(db);
  await app.register(notificationRoutes, { preferences: notificationPreferences, now });
  const applicationMails = createApplicationMails({ db, preferences: notificationPreferences, mailer, background, publicUrl: config.publicUrl, log: app.log });
  domainEvents.subscribe(applicationMails.listener);
  scheduler.register(DIGEST_JOB, dailyPeriod, () => applicationMails.sendDigests(now()));
  // Realtime (issue 15): the step flow's events join the domain events, which reach every instance.
  const stepRepository = createStepRepository(db);
  relayStepEvents(events, domainEvents, (companyId, applicationId) => stepRepository.openingOfApplication(companyId, applicationId));
  const realtime = createRealtimeHub();
  app.decorate('realtime', realtime);
  await app.register(realtimeRoutes, {
    hub: realtime,
    events: domainEvents,
    access: createRealtimeAccess({ db, steps }),
    publicUrl: config.publicUrl,
    cookieName: cookie.name,
    heartbeatMs: options.realtimeHeartbeatMs,
    liveSessions: liveSessionsOf(db, now),
    maxSocketsPerAddress: config.realtimeSocketsPerAddress ?? DEFAULT_REALTIME_SOCKETS_PER_ADDRESS,
  });
  const reviews = createCandidateReviewService({
    repository: createCandidateReviewRepository(db),
    events: domainEvents,
    publicUrl: config.publicUrl,
    // A colleague who turned mention mails off still sees the mention on their pending actions.
    notifyMention: (notice) =>
      background.run(app.log, async () => {
        if (await notificationPreferences.wantsMentions(notice.companyId, notice.accountId)) await mailer.send(renderNoteMention(notice));
      }),
  });
  await app.register(candidateReviewRoutes, { reviews, videos, files: storage, audit });

  const rateLimit = options.rateLimit ?? { limit: 30, windowMs: 60_000 };
  // With Redis the public limits are shared by every instance (issue 18), like the sign-in limits.
  const sharedCounters = (name: string) => (config.redisUrl ? { counters: rateLimitStore, name } : undefined);
  // The candidate portal, data rights, appointments and retention (issue 12).
  const portalRepository = createPortalRepository(db);
  // Removing a candidate's data removes every file of theirs, from each store (issue 12).
  const removePortalFiles = async (files: RemovedFiles) => {
    await removeStoredFiles(storage, files.storageKeys, app.log);
    await removeStoredFiles(stepFiles, files.stepFileKeys, app.log);
    await removeStoredFiles(fileStores.interviews, files.videoKeys, app.log);
  };
  const retentionDays = config.retentionDays ?? DEFAULT_RETENTION_DAYS;
  await app.register(candidatePortalRoutes, {
    portal: createPortalService({ repository: portalRepository, storage, mailer, background, audit, now, publicUrl: config.publicUrl, retentionDays, removeFiles: removePortalFiles }),
    appointments: createAppointmentService({ db, portal: portalRepository, mailer, background, now, publicUrl: config.publicUrl }),
    sessions,
    accounts: accountRepository,
    cookie,
    setCurrentApplication: (accountId, companyId, applicationId) => createStepRepository(db).setCurrentApplication(accountId, companyId, applicationId),
  });
  const retention = createRetentionJob({ db, audit, mailer, now, publicUrl: config.publicUrl, retentionDays, removeFiles: removePortalFiles, log: app.log });
  app.decorate('retention', retention);
  // Not in tests: a run at start-up would anonymise fixtures under the tests' feet (the job has its own clocked tests).
  // Once a day across instances through the scheduler (claimed as `retention`, like runOnce).
  if (config.nodeEnv !== 'test') scheduler.register(RETENTION_JOB, dailyPeriod, () => retention.run(now()));
  const applications = createApplicationService({
    repository: createApplicationRepository(db),
    offers,
    notifyCandidate: options.notifyCandidate ?? createCandidateNotifier({ auth, mailer, publicUrl: config.publicUrl, db }),
    log: app.log,
    events: domainEvents,
    afterCreate: async ({ companyId, applicationId }) => {
      await steps.createSteps(companyId, applicationId);
      return { stepsToken: (await steps.issueToken(companyId, applicationId)).token };
    },
  });
  await app.register(applicationRoutes, { applications, limiter: createRateLimiter(rateLimit, sharedCounters('apply')) });
  const uploads = createUploadRepository(db, { removeFilesWithin: storage.removeWithin });
  // Unused CVs go after UPLOAD_PENDING_MINUTES; crash leftovers of every namespace go too (issue 24, H2).
  const sweeper = createUnusedUploadSweeper({
    uploads,
    storage,
    now,
    log: app.log,
    maxAgeMs: uploadLimits.pendingMinutes * 60_000,
    others: [
      { name: 'step-files', storage: stepFiles, named: stepUploads.stepFiles },
      { name: 'interviews', storage: fileStores.interviews, named: stepUploads.interviewAnswers, orphanMinAgeMs: GROWING_FILE_MIN_AGE_MS },
    ],
  });
  sweeper.schedule(scheduler);
  // Files a crash left go at start-up, before anyone asks for more room (safe on every instance:
  // temporaries younger than ten minutes are another write under way and are kept).
  let leftovers: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    leftovers = sweeper.removeLeftovers().catch((error: unknown) => app.log.error({ err: error }, 'start-up sweep of leftover files failed'));
  });
  app.addHook('onClose', async () => {
    await leftovers;
  });
  await app.register(storageRoutes, {
    storage,
    uploads,
    offers: offerRepository,
    limiter: createRateLimiter(rateLimit, sharedCounters('upload')),
    audit,
    limits: uploadLimits,
    guard: uploadGuard,
  });
  await app.register(referralRoutes, { referrals: createReferralService(db, config.publicUrl), limiter: createRateLimiter(rateLimit, sharedCounters('referral')) });
  await app.register(shareRoutes, { shares: createShareService(db, config.publicUrl) });
  await app.register(seoRoutes, { distDir: config.distDir, publicUrl: config.publicUrl, offers, boards, cache: publicAnswers });
  await app.register(crawlerRoutes, { publicUrl: config.publicUrl, sitemap: createSitemapRepository(db) });

  await app.register(apiDocsRoutes, { routes: registeredRoutes, publicUrl: config.publicUrl });

  const hosting = await registerStaticHosting(app, config.distDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (await hosting.spaFallback(request, reply)) return reply;
    return sendError(reply, 404, ERROR_KEYS.notFound);
  });

  return app;
}
