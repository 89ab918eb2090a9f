import * as v from 'valibot';
import { ObjectIdSchema } from './ids';
import { PERMISSIONS, type Permission } from './permissions';
import { plainText } from './text-checks';

/**
 * Issue 30, company API keys: a key calls the recruiter API for its company with the scopes it was
 * given, `read` or `write` per resource. Shared by the settings page and the server.
 */

/** The resources a key may be scoped to; each maps onto a fixed set of recruiter routes (server: api-keys/access.ts). */
export const API_KEY_RESOURCES = ['openings', 'postings', 'candidates', 'analytics'] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];
/** `write` includes `read`. */
export const API_KEY_LEVELS = ['read', 'write'] as const;
export type ApiKeyLevel = (typeof API_KEY_LEVELS)[number];

/** What a key may do per resource; a resource left out is not reachable at all. */
export type ApiKeyScopes = Partial<Record<ApiKeyResource, ApiKeyLevel>>;

/**
 * The recruiter permissions a scope grants (checked by the routes' existing guards). Reading needs
 * none beyond a recruiter's, except a candidate's sensitive data and exports; writing grants the
 * resource's manage permissions. Never an owner-only permission (team, settings, integrations).
 */
export const API_KEY_SCOPE_PERMISSIONS: Record<ApiKeyResource, Record<ApiKeyLevel, readonly Permission[]>> = {
  openings: {
    read: [],
    write: [PERMISSIONS.openingsCreate, PERMISSIONS.openingsManage, PERMISSIONS.openingsArchive, PERMISSIONS.openingsDelete],
  },
  postings: { read: [], write: [PERMISSIONS.postingsCreate] },
  candidates: {
    read: [PERMISSIONS.candidatesSensitiveRead, PERMISSIONS.applicantsDataExport],
    write: [PERMISSIONS.candidatesSensitiveRead, PERMISSIONS.applicantsDataExport, PERMISSIONS.candidatesManage],
  },
  analytics: { read: [], write: [PERMISSIONS.dashboardsManage] },
};

/** The recognisable start of every key (secret scanners and people can tell what leaked). */
export const API_KEY_PREFIX = 'rec_live_';
export const API_KEY_NAME_MAX = 80;
/** The longest life a key may be given, in days. */
export const API_KEY_MAX_DAYS = 730;

const ScopesSchema = v.pipe(
  v.strictObject({
    openings: v.optional(v.picklist(API_KEY_LEVELS)),
    postings: v.optional(v.picklist(API_KEY_LEVELS)),
    candidates: v.optional(v.picklist(API_KEY_LEVELS)),
    analytics: v.optional(v.picklist(API_KEY_LEVELS)),
  }),
  v.check((scopes) => Object.values(scopes).some((level) => level !== undefined), 'apiKeys.errors.noScope'),
);

/** `POST /v2/companies/settings/api-keys`: a name, at least one scope, and a life in days (none: no expiry). */
export const ApiKeyCreateSchema = v.object({
  name: v.pipe(v.string(), plainText(), v.trim(), v.minLength(1), v.maxLength(API_KEY_NAME_MAX)),
  scopes: ScopesSchema,
  expiresInDays: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(API_KEY_MAX_DAYS)))),
});
export type ApiKeyCreate = v.InferOutput<typeof ApiKeyCreateSchema>;

const LevelSchema = v.optional(v.picklist(API_KEY_LEVELS));
export const ApiKeySchema = v.object({
  _id: ObjectIdSchema,
  name: v.string(),
  scopes: v.object({ openings: LevelSchema, postings: LevelSchema, candidates: LevelSchema, analytics: LevelSchema }),
  /** The first characters of the token (prefix and four more), to tell keys apart; never the secret. */
  hint: v.string(),
  createdBy: v.nullable(v.object({ _id: ObjectIdSchema, fullName: v.string() })),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

/** `GET /v2/companies/settings/api-keys`. */
export const ApiKeysSchema = v.object({ keys: v.array(ApiKeySchema) });
export type ApiKeys = v.InferOutput<typeof ApiKeysSchema>;

/** The answer of a creation: the only time the token is ever shown. */
export const CreatedApiKeySchema = v.object({ key: ApiKeySchema, token: v.string() });
export type CreatedApiKey = v.InferOutput<typeof CreatedApiKeySchema>;
