import { PoweredBy } from '@rec/ui';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import type { LayoutName } from '../router/types';
import { LanguageSwitcher } from './LanguageSwitcher';
import { RecruiterShell } from './RecruiterShell';

/** Full pages a visitor reads (sign-in, public offer and board, branding previews): they offer a language switcher. Embedded layouts never do. */
const WITH_LANGUAGE_SWITCHER: ReadonlySet<LayoutName> = new Set(['authentication', 'offer', 'full-page-board', 'branding']);

/**
 * One frame per layout name of the route table (the 13 of spec §2). Every frame is
 * landmark-complete (axe checks it): the recruiter shell has its header and navigation,
 * the message frame its powered-by footer, the others one main region.
 */
export function Layout({ name, pathname, children }: { name: LayoutName; pathname: string; children: ReactNode }) {
  const t = useT();
  if (name === 'recruiter') return <RecruiterShell pathname={pathname}>{children}</RecruiterShell>;
  const content = (
    <main className={`layout layout-${name}`} data-layout={name} id="main">
      {children}
    </main>
  );
  const main = WITH_LANGUAGE_SWITCHER.has(name) ? (
    <>
      <header className="layout-language">
        <LanguageSwitcher />
      </header>
      {content}
    </>
  ) : (
    content
  );
  if (name !== 'message') return main;
  return (
    <>
      {main}
      <footer className="layout-footer">
        <PoweredBy t={t} />
      </footer>
    </>
  );
}
