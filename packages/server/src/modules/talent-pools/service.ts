import { type CandidatePools, ERROR_KEYS, type TalentPool, type TalentPoolMembers, type TalentPools } from '@rec/core';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { TalentPoolRepository } from './repository';

export type TalentPoolService = ReturnType<typeof createTalentPoolService>;

const poolNotFound = () => new HttpError(404, ERROR_KEYS.talentPoolNotFound);
const nameTaken = () => new HttpError(409, ERROR_KEYS.talentPoolNameTaken);
const candidateNotFound = () => new HttpError(404, ERROR_KEYS.candidateNotFound);

/** Talent pools (issue 13): the tenant always comes from the session, never from the request. */
export function createTalentPoolService(deps: { repository: TalentPoolRepository; now: () => Date }) {
  const { repository, now } = deps;

  async function poolOrThrow(companyId: string, id: string): Promise<TalentPool> {
    const pool = await repository.find(companyId, id);
    if (!pool) throw poolNotFound();
    return pool;
  }

  return {
    async list(auth: AuthContext): Promise<TalentPools> {
      return { pools: await repository.list(tenantOf(auth)) };
    },

    async create(auth: AuthContext, name: string): Promise<TalentPool> {
      const companyId = tenantOf(auth);
      const id = await repository.create(companyId, name, now());
      if (!id) throw nameTaken();
      return poolOrThrow(companyId, id);
    },

    async rename(auth: AuthContext, id: string, name: string): Promise<TalentPool> {
      const companyId = tenantOf(auth);
      const done = await repository.rename(companyId, id, name);
      if (done === 'taken') throw nameTaken();
      if (!done) throw poolNotFound();
      return poolOrThrow(companyId, id);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      if (!(await repository.remove(tenantOf(auth), id))) throw poolNotFound();
    },

    async members(auth: AuthContext, id: string): Promise<TalentPoolMembers> {
      const companyId = tenantOf(auth);
      const pool = await poolOrThrow(companyId, id);
      return { pool, candidates: await repository.members(companyId, id) };
    },

    async add(auth: AuthContext, id: string, candidateId: string): Promise<void> {
      const companyId = tenantOf(auth);
      await poolOrThrow(companyId, id);
      if (!(await repository.hasCandidate(companyId, candidateId))) throw candidateNotFound();
      await repository.addMember(companyId, id, candidateId, now());
    },

    async removeMember(auth: AuthContext, id: string, candidateId: string): Promise<void> {
      const companyId = tenantOf(auth);
      await poolOrThrow(companyId, id);
      if (!(await repository.removeMember(companyId, id, candidateId))) throw candidateNotFound();
    },

    async poolsOf(auth: AuthContext, candidateId: string): Promise<CandidatePools> {
      const companyId = tenantOf(auth);
      if (!(await repository.hasCandidate(companyId, candidateId))) throw candidateNotFound();
      return { poolIds: await repository.poolsOf(companyId, candidateId) };
    },
  };
}
