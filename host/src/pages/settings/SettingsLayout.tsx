import { $permissions, can } from '@rec/stores';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useStore } from '../../use-store';
import { SETTINGS_PAGES, type SettingsPageEntry } from './pages';
import { adoptSettingsStyles } from './settings-styles';

const GROUPS = ['company', 'account'] as const;

/** The pages of the registry this recruiter may open, in registry order. */
export function visibleSettingsPages(): SettingsPageEntry[] {
  return SETTINGS_PAGES.filter((entry) => entry.listed !== false && can(entry.permission));
}

/**
 * The settings frame: a side navigation of every settings page the recruiter may open (grouped
 * company / my account) on wide screens, a select on a phone (the CSS shows one of the two).
 */
export function SettingsLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  adoptSettingsStyles();
  const t = useT();
  useStore($permissions);
  const pages = visibleSettingsPages();
  const current = pages.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path ?? '';
  return (
    <div className="settings">
      <nav className="settings-nav" aria-label={t('settingsNav.label')}>
        <p className="settings-nav-title">
          <a href="/recruiter/settings_new" aria-current={current === '' && /^\/recruiter\/settings(_new)?\/?$/.test(pathname) ? 'page' : undefined}>
            {t('settingsNav.overview')}
          </a>
        </p>
        {GROUPS.map((group) => {
          const entries = pages.filter((entry) => entry.group === group);
          if (entries.length === 0) return null;
          return (
            <div key={group} className="settings-nav-group">
              <h2 id={`settings-nav-${group}`}>{t(`settingsNav.groups.${group}`)}</h2>
              <ul aria-labelledby={`settings-nav-${group}`}>
                {entries.map((entry) => (
                  <li key={entry.path}>
                    <a href={entry.path} aria-current={entry.path === current ? 'page' : undefined}>
                      {t(entry.titleKey)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="settings-select">
        <label htmlFor="settings-select">{t('settingsNav.jump')}</label>
        <select id="settings-select" value={current} onChange={(event) => navigate(event.currentTarget.value || '/recruiter/settings_new')}>
          <option value="">{t('settingsNav.overview')}</option>
          {GROUPS.map((group) => (
            <optgroup key={group} label={t(`settingsNav.groups.${group}`)}>
              {pages
                .filter((entry) => entry.group === group)
                .map((entry) => (
                  <option key={entry.path} value={entry.path}>
                    {t(entry.titleKey)}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="settings-content">{children}</div>
    </div>
  );
}
