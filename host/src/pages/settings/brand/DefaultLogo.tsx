import type { CompanyLogo } from '@rec/core';
import type { MouseEvent } from 'react';
import { useT } from '../../../i18n';
import { logoBox } from '../mycompany/LogosSection';

/** The logos section's heading, above on the same page (LogosSection owns the logos). */
const LOGOS_HEADING_ID = 'logos-title';

/**
 * Moves to the logos section: the host's router turns same-page links into navigations without
 * the hash, so the link scrolls and moves focus itself (the heading becomes focusable for that).
 */
function goToLogos(event: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById(LOGOS_HEADING_ID);
  if (!heading) return;
  event.preventDefault();
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/** The logo the widgets show beside the brand (the company's default logo), and where to change it. */
export function DefaultLogo({ logos, canManage }: { logos: readonly CompanyLogo[]; canManage: boolean }) {
  const t = useT();
  const logo = logos.find((entry) => entry.default);
  return (
    <div className="brand-logo">
      <h3>{t('brandEditor.logo.title')}</h3>
      {logo ? (
        <div className="brand-logo-row">
          <img className={`logo-thumb${logo.options.mask === 'BLACK' ? ' logo-thumb-black' : ''}`} src={logo.url} alt={t('brandEditor.logo.alt', { name: logo.name })} {...logoBox(logo)} />
          <p className="settings-hint">{t('brandEditor.logo.text', { name: logo.name })}</p>
        </div>
      ) : (
        <p className="settings-hint">{t('brandEditor.logo.none')}</p>
      )}
      {canManage ? (
        <p>
          <a href={`#${LOGOS_HEADING_ID}`} onClick={goToLogos}>
            {t('brandEditor.logo.manage')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
