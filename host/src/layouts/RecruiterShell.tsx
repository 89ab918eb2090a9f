import type { Locale } from '@rec/core';
import { $company, $recruiterMe, browserStorage, fullNameOf, loadRecruiterMe } from '@rec/stores';
import { Button, ProfilePicture } from '@rec/ui';
import { type ReactNode, useState } from 'react';
import { api } from '../api';
import { useT } from '../i18n';
import { saveOwnLanguage } from '../pages/account/account-api';
import { navigate } from '../navigation';
import { signOut } from '../route-services';
import { useStore } from '../use-store';
import { LanguageSwitcher, reloadInLocale } from './LanguageSwitcher';

/** The back-office speaks the recruiter's saved language: the switcher saves it, then shows the page in it. */
async function chooseLanguage(locale: Locale): Promise<void> {
  await saveOwnLanguage(locale);
  await loadRecruiterMe(api, browserStorage(), { refresh: true });
  reloadInLocale(locale);
}

const NAV = [
  { href: '/recruiter/openings', key: 'shell.nav.openings', prefix: '/recruiter/openings' },
  { href: '/recruiter/analytics_new/dashboards', key: 'shell.nav.analytics', prefix: '/recruiter/analytics_new' },
  { href: '/recruiter/settings_new', key: 'shell.nav.settings', prefix: '/recruiter/settings' },
] as const;

/** The company's default logo beside its name: at most 120 x 32 px, its box known before it loads. */
function shellLogoBox({ width, height }: { width: number; height: number }) {
  const scale = Math.min(1, 120 / width, 32 / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The recruiter area's frame: navigation, the signed-in recruiter (name, picture) and sign-out. */
export function RecruiterShell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const t = useT();
  const me = useStore($recruiterMe).resource;
  const company = useStore($company);
  const [leaving, setLeaving] = useState(false);
  const name = fullNameOf(me) || me?.email || '';
  const defaultLogo = (company?.settings?.logos as Array<{ url: string; width: number; height: number; default?: boolean }> | undefined)?.find((logo) => logo.default);

  async function leave() {
    setLeaving(true);
    await signOut();
    navigate('/login');
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="shell-header">
        <a className="shell-brand" href="/recruiter">
          {defaultLogo ? <img className="shell-logo" src={defaultLogo.url} alt="" {...shellLogoBox(defaultLogo)} /> : null}
          {company?.name || t('shell.home')}
        </a>
        <nav aria-label={t('shell.navLabel')}>
          <ul className="shell-nav">
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={pathname.startsWith(item.prefix) ? 'page' : undefined}>
                  {t(item.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="shell-user">
          <LanguageSwitcher onChoose={chooseLanguage} className="shell-language" />
          <ProfilePicture picture={me?.settings?.profilePicture ?? me?.settings?.profilePictureUrl ?? null} alt="" size={40} />
          <span className="shell-user-name">{name}</span>
          <Button variant="secondary" onClick={leave} busy={leaving}>
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      <main className="layout layout-recruiter" data-layout="recruiter" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
