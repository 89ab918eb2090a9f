import { $company, $recruiterMe, fullNameOf } from '@rec/stores';
import { useT } from '../i18n';
import { useTitle } from '../title';
import { useStore } from '../use-store';

/** /recruiter: the recruiter's start page inside the shell. */
export function RecruiterHomePage() {
  const t = useT();
  const me = useStore($recruiterMe).resource;
  const company = useStore($company);
  const name = fullNameOf(me) || me?.email || '';
  useTitle(t('recruiterHome.title'));
  return (
    <section aria-labelledby="recruiter-home-title">
      <h1 id="recruiter-home-title">{name ? t('recruiterHome.welcome', { name }) : t('recruiterHome.title')}</h1>
      {company?.name ? <p>{t('recruiterHome.company', { company: company.name })}</p> : null}
      <ul className="home-links">
        <li>
          <a href="/recruiter/openings">{t('shell.nav.openings')}</a>
        </li>
        <li>
          <a href="/recruiter/analytics_new/dashboards">{t('shell.nav.analytics')}</a>
        </li>
        <li>
          <a href="/recruiter/settings_new">{t('shell.nav.settings')}</a>
        </li>
      </ul>
    </section>
  );
}
