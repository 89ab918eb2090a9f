import type { AssessmentView, TimelineEntry } from '@rec/core/candidate-review';
import { stageLabel as coreStageLabel } from '@rec/core/pipeline';
import type { Translate } from '@rec/i18n';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { formatDateTime } from './format';

/** A stage's name in the page's language (the pipeline's translated names, `pipelineStages.<id>`). */
export function stageLabel(t: Translate, stage: string, locale: string): string {
  return coreStageLabel({ id: stage }, locale, (key) => t(key));
}

/** Scores of the assessments the candidate allowed sharing, each with what it measures. */
export function AssessmentsSection({ assessments }: { assessments: AssessmentView[] }) {
  const t = useT();
  return (
    <section aria-labelledby="candidate-assessments">
      <h2 id="candidate-assessments">{t('candidatePage.assessments.title')}</h2>
      {assessments.map((assessment) => {
        const id = `candidate-assessment-${assessment.product}`;
        return (
          <div key={assessment.product}>
            <h3 id={id}>{t(`steps.products.${assessment.product}`)}</h3>
            <p>{t(`candidatePage.assessments.explain.${assessment.product}`)}</p>
            {assessment.scores ? (
              <table className="candidate-scores" aria-labelledby={id}>
                <thead>
                  <tr>
                    <th scope="col">{t('candidatePage.assessments.trait')}</th>
                    <th scope="col">{t('candidatePage.assessments.score')}</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(assessment.scores).map(([trait, score]) => (
                    <tr key={trait}>
                      <th scope="row">{t(`candidatePage.assessments.traits.${trait}`, { defaultValue: trait })}</th>
                      <td>{t('candidatePage.assessments.outOfFive', { score: score.toFixed(1) })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : typeof assessment.correct === 'number' ? (
              <p>
                {t('candidatePage.assessments.correct', { correct: assessment.correct, total: assessment.total ?? 0 })}{' '}
                {assessment.inTime === false ? t('candidatePage.assessments.late') : ''}
              </p>
            ) : (
              <p>{t(assessment.restricted ? 'candidatePage.assessments.restricted' : 'candidatePage.assessments.pending')}</p>
            )}
          </div>
        );
      })}
    </section>
  );
}

function entryText(t: Translate, entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'applied':
      return t('timeline.applied', { channel: t(`openings.posting.channel.${entry.detail}`, { defaultValue: entry.detail }) });
    case 'stepFinished':
      return t('timeline.stepFinished', { step: t(`steps.products.${entry.detail}`, { defaultValue: entry.detail }) });
    case 'stage':
      return t(entry.reason ? 'timeline.stageWithReason' : 'timeline.stage', { stage: stageLabel(t, entry.detail, $locale.get()), reason: entry.reason ? t(`decisions.reasons.${entry.reason}`, { defaultValue: entry.reason }) : '' });
    case 'note':
      return t('timeline.note');
    case 'mail':
      return t('timeline.mail', { mail: t(`timeline.mails.${entry.detail}`, { defaultValue: entry.detail }) });
    default:
      return entry.kind;
  }
}

/** What happened to the application, oldest first, with who and when. */
export function TimelineSection({ timeline }: { timeline: TimelineEntry[] }) {
  const t = useT();
  return (
    <section aria-labelledby="candidate-timeline">
      <h2 id="candidate-timeline">{t('timeline.title')}</h2>
      <ol className="candidate-timeline">
        {timeline.map((entry, index) => (
          <li key={index}>
            <span>{entryText(t, entry)}</span>
            <br />
            <span className="candidate-meta">
              {t('timeline.when', { date: formatDateTime(entry.at), who: entry.actor ? entry.actor.name || t('notes.formerColleague') : t('timeline.candidate') })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
