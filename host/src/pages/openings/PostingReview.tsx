import { $locale } from '../../api';
import { useT } from '../../i18n';
import { contractLabel } from './contract-options';
import { contentOf, type PostingValues } from './posting-values';
import { salaryReview } from './SalaryFields';
import { descriptionText, languageName } from './shared';

/** The review step: the posting's languages, channels and pay, then each language's content. */
export function PostingReview({ id, values }: { id: string; values: PostingValues }) {
  const t = useT();
  const locale = $locale.get();
  return (
    <>
      <dl className="wizard-summary">
        {(
          [
            [t('postingLanguages.ownLanguage'), languageName(values.language, locale)],
            [t('postingLanguages.languages'), values.languages.map((code) => languageName(code, locale)).join(', ')],
            [t('openings.posting.channels'), values.channels.map((kind) => t(`openings.posting.channel.${kind}`)).join(', ')],
            [t('salaryFields.review'), salaryReview(values.salary, locale, t)],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {values.languages.map((language) => {
        const text = contentOf(values, language);
        return (
          <section key={language} className="wizard-language" aria-labelledby={`${id}-review-${language}`} lang={language}>
            <h3 id={`${id}-review-${language}`} lang={locale}>
              {languageName(language, locale)}
            </h3>
            <dl className="wizard-summary">
              {(
                [
                  [t('openings.fields.title'), text.title],
                  [t('openings.fields.description'), descriptionText(text.description)],
                  [t('openings.fields.location'), text.location],
                  [t('openings.fields.contract'), contractLabel(t, text.contract)],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt lang={locale}>{term}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </>
  );
}
