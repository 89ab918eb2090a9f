import type { Theme } from '@rec/core';
import { CompanyLogo, ThemeScope } from '@rec/ui';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../layouts/LanguageSwitcher';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { signOut } from '../../route-services';
import { useTitle } from '../../title';
import { adoptPortalStyles } from './portal-styles';

/** The candidate portal's frame: the page title, the portal's own navigation, the page. */
export function PortalFrame({
  title,
  candidateId,
  companyName,
  theme,
  children,
}: {
  title: string;
  candidateId?: string | undefined;
  companyName?: string | undefined;
  /** The company's brand (issue 25): its logo and colours, as on its board and the steps. */
  theme?: Theme | undefined;
  children: ReactNode;
}) {
  const t = useT();
  adoptPortalStyles();
  useTitle(title);
  const link = (href: string, label: string) => (
    <a
      href={href}
      aria-current={typeof location !== 'undefined' && location.pathname === href ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {label}
    </a>
  );
  return (
    <ThemeScope properties={theme?.properties}>
    <div className="portal application-brand-page">
      <header className="application-brand">
        <div className="application-brand-company">
          {theme?.logo && companyName ? <CompanyLogo logo={theme.logo} alt={companyName} /> : null}
          <h1 id="portal-title">{title}</h1>
          {companyName ? <p className="portal-meta">{t('portal.company', { companyName })}</p> : null}
        </div>
        <LanguageSwitcher />
      </header>
      <nav className="portal-nav" aria-label={t('portal.navigation')}>
        {candidateId ? link(`/applicant/${candidateId}`, t('portal.nav.applications')) : null}
        {candidateId ? link(`/applicant/${candidateId}/manage-data`, t('portal.nav.manageData')) : null}
        {link('/applicant/candidatures', t('portal.nav.candidatures'))}
        <button type="button" className="rec-button rec-button-link" onClick={() => signOut().then(() => navigate('/login'))}>
          {t('portal.nav.signOut')}
        </button>
      </nav>
      {children}
    </div>
    </ThemeScope>
  );
}
