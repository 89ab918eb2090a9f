import { isApiError } from '@rec/api-client';
import type { CandidatePools, TalentPool, TalentPools } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { MenuButton } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';

/**
 * "Add to a talent pool" on the candidate page (issue 13): one item per pool of the company;
 * choosing a pool the candidate is in takes them out of it again.
 */
export function AddToPoolMenu({ candidateId, name }: { candidateId: string; name: string }) {
  const t = useT();
  const [pools, setPools] = useState<TalentPool[] | null>(null);
  const [member, setMember] = useState<ReadonlySet<string>>(new Set());

  const load = async () => {
    const [all, mine] = await Promise.all([api.get<TalentPools>('/v2/talent-pools'), api.get<CandidatePools>(`/v2/talent-pools/of-candidate/${candidateId}`)]);
    setPools(all.pools);
    setMember(new Set(mine.poolIds));
  };
  useEffect(() => {
    load().catch(() => setPools([]));
  }, [candidateId]);

  if (!pools) return null;
  if (!pools.length) return <a href="/recruiter/settings_new/lists">{t('talentPools.noPools')}</a>;

  const toggle = async (pool: TalentPool) => {
    const inPool = member.has(pool._id);
    const url = `/v2/talent-pools/${pool._id}/candidates/${candidateId}`;
    try {
      await (inPool ? api.delete(url) : api.put(url));
      showToast({ tone: 'success', title: inPool ? 'talentPools.removed' : 'talentPools.added' });
      await load();
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    }
  };
  const items = pools.map((pool) => ({
    id: pool._id,
    label: member.has(pool._id) ? `${pool.name} (${t('talentPools.inPool')})` : pool.name,
    onSelect: () => void toggle(pool),
  }));
  return (
    <MenuButton label={`${t('talentPools.addTo')}: ${name}`} items={items}>
      {t('talentPools.addTo')}
    </MenuButton>
  );
}
