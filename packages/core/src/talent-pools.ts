import * as v from 'valibot';
import { ObjectIdSchema } from './ids';
import { plainText } from './text-checks';

/**
 * Issue 13: talent pools, named lists of a company's candidates (kept apart from openings), and
 * each recruiter's mail notification preferences. Shared by the settings pages and the server.
 */

export const TALENT_POOL_NAME_MAX = 80;
const PoolNameSchema = v.pipe(v.string(), plainText(), v.trim(), v.minLength(1), v.maxLength(TALENT_POOL_NAME_MAX));

/** `POST /v2/talent-pools` and `PATCH /v2/talent-pools/:id`. */
export const TalentPoolBodySchema = v.object({ name: PoolNameSchema });
export type TalentPoolBody = v.InferOutput<typeof TalentPoolBodySchema>;

export const TalentPoolSchema = v.object({ _id: ObjectIdSchema, name: v.string(), candidateCount: v.number(), createdAt: v.string() });
export type TalentPool = v.InferOutput<typeof TalentPoolSchema>;

/** `GET /v2/talent-pools`. */
export const TalentPoolsSchema = v.object({ pools: v.array(TalentPoolSchema) });
export type TalentPools = v.InferOutput<typeof TalentPoolsSchema>;

export const TalentPoolMemberSchema = v.object({
  _id: ObjectIdSchema,
  fullName: v.string(),
  email: v.string(),
  addedAt: v.string(),
  /** The opening of their latest application: the candidate page lives under it. */
  openingId: v.nullable(ObjectIdSchema),
});
export type TalentPoolMember = v.InferOutput<typeof TalentPoolMemberSchema>;

/** `GET /v2/talent-pools/:id/candidates`. */
export const TalentPoolMembersSchema = v.object({ pool: TalentPoolSchema, candidates: v.array(TalentPoolMemberSchema) });
export type TalentPoolMembers = v.InferOutput<typeof TalentPoolMembersSchema>;

/** `/v2/talent-pools/:id/candidates/:candidateId`. */
export const TalentPoolMemberParamsSchema = v.object({ id: ObjectIdSchema, candidateId: ObjectIdSchema });
export type TalentPoolMemberParams = v.InferOutput<typeof TalentPoolMemberParamsSchema>;

/** `GET /v2/talent-pools/of-candidate/:id`: the pools a candidate is in (the candidate page's menu). */
export const CandidatePoolsSchema = v.object({ poolIds: v.array(ObjectIdSchema) });
export type CandidatePools = v.InferOutput<typeof CandidatePoolsSchema>;

/** When a recruiter hears of new applications: each one at once, a daily digest, or not by mail. */
export const NEW_APPLICATION_MAILS = ['each', 'daily', 'never'] as const;
export type NewApplicationMails = (typeof NEW_APPLICATION_MAILS)[number];

/** `GET` and `PUT /v2/recruiter/me/notifications`. */
export const NotificationPreferencesSchema = v.object({ newApplications: v.picklist(NEW_APPLICATION_MAILS), mentions: v.boolean() });
export type NotificationPreferences = v.InferOutput<typeof NotificationPreferencesSchema>;

/** Without a saved choice: no mail per application (a recruiter opts in), mention mails on as before. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { newApplications: 'never', mentions: true };
