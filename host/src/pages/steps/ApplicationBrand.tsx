import { stepsApi } from '@rec/api-client';
import { type ApplicantApplication, postingTitleIn } from '@rec/core/steps';
import { CompanyLogo, ThemeScope } from '@rec/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { LanguageSwitcher } from '../../layouts/LanguageSwitcher';
import { navigate } from '../../navigation';
import { withStepsLanguage } from '../../router/step-rules';
import { useStore } from '../../use-store';

/** The current application, once per page (the steps' pages and their last page ask the same). */
function useCurrentApplication(): ApplicantApplication | null {
  const [application, setApplication] = useState<ApplicantApplication | null>(null);
  useEffect(() => {
    let live = true;
    stepsApi(api)
      .application()
      .then(
        (answer) => live && setApplication(answer),
        // Signed out (a message page opened later): the page shows without the company's frame.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  return application;
}

/** A same-site link the host follows without a reload (a new tab keeps the browser's way). */
function HostLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The frame of every page a candidate reaches from the mail (issue 25): the company's theme and
 * logo (as its board shows them), the title of the posting applied to, a language switcher and
 * the way to the portal. `end` adds the last page's ways on: the portal and the career site.
 */
export function ApplicationBrand({ end = false, children }: { end?: boolean; children: ReactNode }) {
  const t = useT();
  const locale = useStore($locale);
  const application = useCurrentApplication();
  // The portal opens in the language the steps spoke.
  const portal = application ? withStepsLanguage(`/applicant/${application.candidateId}`, locale) : null;
  const jobTitle = application ? postingTitleIn(application.offerTitle, locale, application.locale) : '';
  // The title may be in the application's language under a page in another one.
  const titleLanguage = application && !(locale in application.offerTitle) ? application.locale : undefined;
  return (
    <ThemeScope properties={application?.theme?.properties}>
      <div className="application-brand-page" data-branded={application ? 'true' : undefined}>
        <div className="application-brand">
          <div className="application-brand-company">
            {application?.theme?.logo ? <CompanyLogo logo={application.theme.logo} alt={application.companyName} /> : null}
            {application ? <p className="application-brand-name">{application.companyName}</p> : null}
            {jobTitle ? (
              <p className="application-brand-job">
                {t('steps.brand.applyingFor')} <strong lang={titleLanguage}>{jobTitle}</strong>
              </p>
            ) : null}
          </div>
          <nav className="application-brand-nav" aria-label={t('steps.brand.navigation')}>
            {portal ? <HostLink href={portal}>{t('steps.brand.toPortal')}</HostLink> : null}
            <LanguageSwitcher />
          </nav>
        </div>
        {children}
        {end && application ? (
          <nav className="application-brand-end" aria-label={t('steps.end.navigation')}>
            {portal ? (
              <HostLink href={portal} className="rec-button rec-button-primary">
                {t('steps.end.portal')}
              </HostLink>
            ) : null}
            {application.careerSiteUrl ? (
              <a href={application.careerSiteUrl} className="rec-button rec-button-secondary">
                {t('steps.end.careerSite', { companyName: application.companyName })}
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </ThemeScope>
  );
}
