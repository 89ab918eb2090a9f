import { useT } from '../i18n';
import type { Section } from '../router/types';
import { useTitle } from '../title';

/** A route whose content arrives with a later issue: it exists, its guards work, and it says so plainly. */
export function ComingPage({ section, title }: { section: Section; title?: string | undefined }) {
  const t = useT();
  const heading = title ?? t(`coming.sections.${section}`);
  useTitle(heading);
  return (
    <section className="coming" aria-labelledby="coming-title">
      <h1 id="coming-title">{heading}</h1>
      <p>{t('coming.text')}</p>
    </section>
  );
}
