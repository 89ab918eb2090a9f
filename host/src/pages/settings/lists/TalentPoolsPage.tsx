import { isApiError } from '@rec/api-client';
import { TALENT_POOL_NAME_MAX, type TalentPool, type TalentPoolMembers, type TalentPools } from '@rec/core';
import { candidatePagePath } from '@rec/core/candidate-review';
import { showErrorToast } from '@rec/stores';
import { Button, Loading } from '@rec/ui';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { useSettingsAction } from '../use-settings-action';
import { RenamePool } from './RenamePool';

/** settings_new/lists: the company's talent pools (create, rename, delete) and each pool's candidates. */
export default function TalentPoolsPage() {
  const t = useT();
  const heading = t('settingsNav.pages.lists');
  useTitle(heading);
  const [pools, setPools] = useState<TalentPool[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<TalentPoolMembers | null>(null);

  const reload = () => api.get<TalentPools>('/v2/talent-pools').then((answer) => setPools(answer.pools), () => setFailed(true));
  useEffect(() => {
    void reload();
  }, []);
  const { busy, run } = useSettingsAction(reload);
  const showMembers = async (pool: TalentPool) => {
    try {
      setOpen(await api.get<TalentPoolMembers>(`/v2/talent-pools/${pool._id}/candidates`));
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
    }
  };

  if (failed) return <p role="alert">{t('genericErrorTitle')}</p>;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('talentPools.intro')}</p>
      <form
        className="settings-section settings-form"
        aria-labelledby="pool-new-title"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await run(() => api.post('/v2/talent-pools', { name }), 'talentPools.created')) setName('');
        }}
      >
        <h2 id="pool-new-title">{t('talentPools.new')}</h2>
        <label>
          {t('talentPools.name')}
          <input value={name} required maxLength={TALENT_POOL_NAME_MAX} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <div className="settings-actions">
          <Button type="submit" busy={busy}>
            {t('talentPools.create')}
          </Button>
        </div>
      </form>
      {!pools ? (
        <Loading label={t('settingsNav.loading')} />
      ) : pools.length === 0 ? (
        <p>{t('talentPools.empty')}</p>
      ) : (
        <table className="settings-table">
          <caption>{t('talentPools.listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('talentPools.name')}</th>
              <th scope="col">{t('talentPools.count')}</th>
              <th scope="col">{t('talentPools.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {pools.map((pool) => (
              <tr key={pool._id}>
                <th scope="row">{pool.name}</th>
                <td>{pool.candidateCount}</td>
                <td className="settings-actions">
                  <Button variant="secondary" onClick={() => void showMembers(pool)} aria-label={t('talentPools.showNamed', { name: pool.name })}>
                    {t('talentPools.show')}
                  </Button>
                  <RenamePool pool={pool} busy={busy} onRename={(next) => run(() => api.patch(`/v2/talent-pools/${pool._id}`, { name: next }), 'talentPools.renamed')} />
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={t('talentPools.deleteNamed', { name: pool.name })}
                    onClick={async () => {
                      if (await run(() => api.delete(`/v2/talent-pools/${pool._id}`), 'talentPools.deleted')) setOpen((current) => (current?.pool._id === pool._id ? null : current));
                    }}
                  >
                    {t('talentPools.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open ? (
        <section className="settings-section" aria-labelledby="pool-members-title">
          <h2 id="pool-members-title">{t('talentPools.members', { name: open.pool.name })}</h2>
          {open.candidates.length === 0 ? (
            <p>{t('talentPools.noMembers')}</p>
          ) : (
            <ul>
              {open.candidates.map((candidate) => (
                <li key={candidate._id}>
                  {candidate.openingId ? <a href={candidatePagePath(candidate.openingId, candidate._id)}>{candidate.fullName}</a> : candidate.fullName}{' '}
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={t('talentPools.removeNamed', { name: candidate.fullName })}
                    onClick={async () => {
                      if (await run(() => api.delete(`/v2/talent-pools/${open.pool._id}/candidates/${candidate._id}`), 'talentPools.removed')) await showMembers(open.pool);
                    }}
                  >
                    {t('talentPools.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}
