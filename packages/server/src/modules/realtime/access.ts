import { REALTIME_ERRORS, type RealtimeEvent, type RealtimeParams } from '@rec/core/realtime';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { StepService } from '../steps/service';

/** Events a recruiter may follow per opening of their company. */
const OPENING_EVENTS: ReadonlySet<RealtimeEvent> = new Set(['APPLICATION_CREATED', 'CANDIDATE_UPDATED', 'APPLICATION_STEP_FINISHED', 'CANDIDATE_EXTERNAL_SERVICE_LINKED']);
/** Events a candidate may follow on their own application. */
const APPLICATION_EVENTS: ReadonlySet<RealtimeEvent> = new Set(['APPLICATION_STEP_FINISHED', 'CANDIDATE_EXTERNAL_SERVICE_LINKED']);

/** The company whose events a granted subscription receives: every delivery is checked against it. */
export type Grant = { ok: true; companyId: string } | { ok: false; error: string };

export interface RealtimeAccess {
  authorize(auth: AuthContext | null, event: RealtimeEvent, params: RealtimeParams): Promise<Grant>;
}

const denied = (error: string = REALTIME_ERRORS.forbidden): Grant => ({ ok: false, error });

/**
 * Who may subscribe to what, decided on the server for every subscription: a recruiter only for
 * their company's openings and stores, a candidate only for their own application (applicant
 * session or the step token). Another company's opening is refused like a missing one.
 */
export function createRealtimeAccess(deps: { db: Kysely<Database>; steps: Pick<StepService, 'accessOfToken'> }): RealtimeAccess {
  const { db, steps } = deps;
  async function openingOf(companyId: string, openingId: string): Promise<boolean> {
    const row = await db.selectFrom('openings').select('id').where('company_id', '=', companyId).where('id', '=', openingId).executeTakeFirst();
    return !!row;
  }
  /** The application's company when it belongs to the e-mail's candidate (as the step flow checks it). */
  async function companyOfApplicant(email: string, applicationId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('applications as a')
      .innerJoin('candidates as c', (join) => join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.candidate_id'))
      .select('a.company_id')
      .where('a.id', '=', applicationId)
      .where('c.email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row?.company_id;
  }

  return {
    async authorize(auth, event, params) {
      if ('token' in params && params.token !== undefined) {
        if (!APPLICATION_EVENTS.has(event)) return denied();
        const access = await steps.accessOfToken(params.token);
        if (access?.kind !== 'token') return denied(REALTIME_ERRORS.authRequired);
        return access.applicationId === params.applicationId ? { ok: true, companyId: access.companyId } : denied();
      }
      if (!auth) return denied(REALTIME_ERRORS.authRequired);
      if (auth.role === 'recruiter' && auth.tenantId) {
        const tenant = auth.tenantId;
        if ('openingId' in params) return OPENING_EVENTS.has(event) && (await openingOf(tenant, params.openingId)) ? { ok: true, companyId: tenant } : denied();
        if ('resource' in params && event === 'REFRESH_RESOURCE') {
          if (params.resource === 'opening') return params.id && (await openingOf(tenant, params.id)) ? { ok: true, companyId: tenant } : denied();
          // The company's and the recruiter's own stores: no id, or the recruiter's own.
          if (params.resource === 'company') return params.id === undefined || params.id === tenant ? { ok: true, companyId: tenant } : denied();
          return params.id === undefined || params.id === auth.account.id ? { ok: true, companyId: tenant } : denied();
        }
        return denied();
      }
      if (auth.role === 'applicant' && 'applicationId' in params && APPLICATION_EVENTS.has(event)) {
        const companyId = await companyOfApplicant(auth.account.email, params.applicationId);
        return companyId ? { ok: true, companyId } : denied();
      }
      return denied();
    },
  };
}
