import { PoweredBy } from '@rec/ui';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import type { LayoutName } from '../router/types';
import { RecruiterShell } from './RecruiterShell';

/**
 * One frame per layout name of the route table (the 13 of spec §2). Every frame is
 * landmark-complete (axe checks it): the recruiter shell has its header and navigation,
 * the message frame its powered-by footer, the others one main region.
 */
export function Layout({ name, pathname, children }: { name: LayoutName; pathname: string; children: ReactNode }) {
  const t = useT();
  if (name === 'recruiter') return <RecruiterShell pathname={pathname}>{children}</RecruiterShell>;
  const main = (
    <main className={`layout layout-${name}`} data-layout={name} id="main">
      {children}
    </main>
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
