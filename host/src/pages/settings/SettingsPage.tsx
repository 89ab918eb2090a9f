import { $permissions, can } from '@rec/stores';
import { Loading, MessageBlock } from '@rec/ui';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { isSettingsOverview, type SettingsPageEntry, settingsPageOf } from './pages';
import { SettingsLayout, visibleSettingsPages } from './SettingsLayout';

const loaded = new Map<string, ComponentType>();

/** One lazy component per registry entry, kept so a re-render does not re-create (and re-mount) it. */
function lazyPage(entry: SettingsPageEntry): ComponentType {
  let component = loaded.get(entry.path);
  if (!component) {
    component = lazy(entry.load);
    loaded.set(entry.path, component);
  }
  return component;
}

/** Every `/recruiter/settings*` and `/recruiter/settings_new*` route: the overview, a registered page, or "not found in settings". */
export default function SettingsPage({ pathname }: { pathname: string }) {
  const t = useT();
  useStore($permissions);
  const entry = settingsPageOf(pathname);
  const Page = useMemo(() => (entry ? lazyPage(entry) : null), [entry]);
  let content: ReactNode;
  if (isSettingsOverview(pathname)) content = <SettingsOverview />;
  else if (!entry) content = <SettingsNotFound pathname={pathname} />;
  else if (!can(entry.permission)) content = <SettingsForbidden entry={entry} />;
  else if (Page)
    content = (
      <Suspense fallback={<Loading label={t('settingsNav.loading')} />}>
        <Page />
      </Suspense>
    );
  return <SettingsLayout pathname={pathname}>{content}</SettingsLayout>;
}

function SettingsOverview() {
  const t = useT();
  const heading = t('settingsNav.title');
  useTitle(heading);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <ul className="settings-overview">
        {visibleSettingsPages().map((entry) => (
          <li key={entry.path}>
            <a href={entry.path}>{t(entry.titleKey)}</a>
            <p>{t(entry.descriptionKey)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SettingsNotFound({ pathname }: { pathname: string }) {
  const t = useT();
  const heading = t('settingsNav.notFound.title');
  useTitle(heading);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('settingsNav.notFound.text', { path: pathname })}</p>
      <p>
        <a href="/recruiter/settings_new">{t('settingsNav.back')}</a>
      </p>
    </section>
  );
}

function SettingsForbidden({ entry }: { entry: SettingsPageEntry }) {
  const t = useT();
  const heading = t(entry.titleKey);
  useTitle(heading);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <MessageBlock tone="error" title={t('settingsNav.forbidden.title')}>
        {t('settingsNav.forbidden.text')}
      </MessageBlock>
      <p>
        <a href="/recruiter/settings_new">{t('settingsNav.back')}</a>
      </p>
    </section>
  );
}
