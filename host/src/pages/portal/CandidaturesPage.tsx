import { MessageBlock } from '@rec/ui';
import { api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { PortalFrame } from './PortalFrame';
import { portalApi } from './portal-api';
import { useLoad } from './use-load';

/** /applicant/candidatures: the signed-in applicant's records, one per company, each opening its portal. */
export default function CandidaturesPage() {
  const t = useT();
  const list = useLoad(() => portalApi(api).candidatures(), []);
  return (
    <PortalFrame title={t('portal.candidatures.title')}>
      {list.error ? (
        <MessageBlock tone="error" title={t('portal.loadError')}>
          <p>{t(list.error)}</p>
        </MessageBlock>
      ) : !list.data ? (
        <p role="status">{t('portal.loading')}</p>
      ) : list.data.length === 0 ? (
        <p>{t('portal.candidatures.none')}</p>
      ) : (
        <ul className="portal-list">
          {list.data.map((item) => (
            <li key={item.candidateId} className="portal-item">
              <h2>{item.companyName}</h2>
              <p className="portal-meta">{t('portal.candidatures.count', { number: item.applications })}</p>
              <p>
                <a
                  href={`/applicant/${item.candidateId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/applicant/${item.candidateId}`);
                  }}
                >
                  {t('portal.candidatures.open', { companyName: item.companyName })}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </PortalFrame>
  );
}
