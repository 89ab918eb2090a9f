import { PERMISSIONS, type Permission } from '@rec/core';
import type { ComponentType } from 'react';

/**
 * The registry of settings pages: the settings navigation lists these, the settings route renders
 * the entry whose path matches. Another area adds its page here (one entry) and nothing else.
 * `load` is a lazy import so each page stays in its own chunk.
 */
export interface SettingsPageEntry {
  /** The full path, e.g. `/recruiter/settings_new/mycompany`. */
  path: string;
  /** Translation key of the page's name in the navigation and its heading. */
  titleKey: string;
  /** Translation key of one sentence telling what the page is for (the overview shows it). */
  descriptionKey: string;
  /** What the recruiter must hold to open the page (checked again by the server on every call). */
  permission?: Permission;
  group: 'company' | 'account';
  /** Listed in the navigation (a sub-page such as password-rotate is reached from its parent). */
  listed?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const SETTINGS_PAGES: readonly SettingsPageEntry[] = [
  {
    path: '/recruiter/settings_new/mycompany',
    titleKey: 'settingsNav.pages.mycompany',
    descriptionKey: 'settingsNav.descriptions.mycompany',
    // No permission: every recruiter sees the brand there (read-only); the page shows its forms to managers only.
    group: 'company',
    load: () => import('./mycompany/MyCompanyPage'),
  },
  {
    path: '/recruiter/settings_new/myteam',
    titleKey: 'settingsNav.pages.myteam',
    descriptionKey: 'settingsNav.descriptions.myteam',
    permission: PERMISSIONS.teamManage,
    group: 'company',
    load: () => import('../team/TeamPage'),
  },
  {
    path: '/recruiter/settings_new/templates',
    titleKey: 'settingsNav.pages.templates',
    descriptionKey: 'settingsNav.descriptions.templates',
    permission: PERMISSIONS.companySettingsManage,
    group: 'company',
    load: () => import('./templates/TemplatesPage'),
  },
  {
    path: '/recruiter/settings_new/workflows',
    titleKey: 'settingsNav.pages.workflows',
    descriptionKey: 'settingsNav.descriptions.workflows',
    permission: PERMISSIONS.companySettingsManage,
    group: 'company',
    load: () => import('./workflows/WorkflowsPage'),
  },
  {
    path: '/recruiter/settings_new/lists',
    titleKey: 'settingsNav.pages.lists',
    descriptionKey: 'settingsNav.descriptions.lists',
    permission: PERMISSIONS.candidatesManage,
    group: 'company',
    load: () => import('./lists/TalentPoolsPage'),
  },
  {
    path: '/recruiter/settings_new/integrations',
    titleKey: 'settingsNav.pages.integrations',
    descriptionKey: 'settingsNav.descriptions.integrations',
    permission: PERMISSIONS.companySettingsManage,
    group: 'company',
    load: () => import('./integrations/IntegrationsPage'),
  },
  {
    path: '/recruiter/settings_new/webhooks',
    titleKey: 'webhooks.title',
    descriptionKey: 'webhooks.description',
    permission: PERMISSIONS.integrationsManage,
    group: 'company',
    load: () => import('./webhooks/WebhooksPage'),
  },
  {
    path: '/recruiter/settings_new/api-keys',
    titleKey: 'apiKeys.title',
    descriptionKey: 'apiKeys.description',
    permission: PERMISSIONS.integrationsManage,
    group: 'company',
    load: () => import('./api-keys/ApiKeysPage'),
  },
  {
    path: '/recruiter/settings_new/test',
    titleKey: 'settingsNav.pages.test',
    descriptionKey: 'settingsNav.descriptions.test',
    group: 'company',
    load: () => import('./embed-tester/EmbedTesterPage'),
  },
  {
    path: '/recruiter/settings/myaccount',
    titleKey: 'settingsNav.pages.myaccount',
    descriptionKey: 'settingsNav.descriptions.myaccount',
    group: 'account',
    load: () => import('../account/AccountPage'),
  },
  {
    path: '/recruiter/settings/myaccount/password-rotate',
    titleKey: 'settingsNav.pages.passwordRotate',
    descriptionKey: 'settingsNav.descriptions.passwordRotate',
    group: 'account',
    listed: false,
    load: () => import('../account/PasswordRotatePage'),
  },
  {
    path: '/recruiter/settings/security',
    titleKey: 'settingsNav.pages.security',
    descriptionKey: 'settingsNav.descriptions.security',
    group: 'account',
    load: () => import('../account/SecurityPage'),
  },
  {
    path: '/recruiter/settings_new/notifications',
    titleKey: 'settingsNav.pages.notifications',
    descriptionKey: 'settingsNav.descriptions.notifications',
    group: 'account',
    load: () => import('./notifications/NotificationsPage'),
  },
];

/** The overview paths: the settings entries without a page of their own. */
export const SETTINGS_OVERVIEW_PATHS = ['/recruiter/settings', '/recruiter/settings_new'] as const;

/** The entry for a path (a trailing slash ignored), or null when the settings have no such page. */
export function settingsPageOf(pathname: string): SettingsPageEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SETTINGS_PAGES.find((entry) => entry.path === path) ?? null;
}

export function isSettingsOverview(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return (SETTINGS_OVERVIEW_PATHS as readonly string[]).includes(path);
}
