import { choicesText } from '@rec/core/choices';
import { isApiError } from '@rec/api-client';
import { fetchCandidateNotes, fetchCandidateReview } from '@rec/api-client/candidate-review';
import { type CandidateNotes, type CandidateReview, candidatePagePath } from '@rec/core/candidate-review';
import { languageName, type Locale, PERMISSIONS, pickText } from '@rec/core';
import { can } from '@rec/stores';
import { ErrorMessage, Loading } from '@rec/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { formatDate } from '../openings/shared';
import { adoptPipelineStyles } from '../pipeline/pipeline-styles';
import { adoptCandidateStyles } from './candidate-styles';
import { CandidatePortalActions } from '../portal-recruiter/CandidatePortalActions';
import { AddToPoolMenu } from './AddToPoolMenu';
import { CandidateDecisions, type DecisionHandle } from './CandidateDecisions';
import { CampaignFields } from './CampaignFields';
import { CandidateFile } from './CandidateFile';
import { NotesSection } from './NotesSection';
import { useReviewKeys } from './review-keys';
import { AssessmentsSection, stageLabel, TimelineSection } from './sections';

interface CandidatePageProps {
  openingId: string;
  candidateId: string;
}

/**
 * /recruiter/openings/{opening_id}/candidates/{candidate_id} (issue 11): everything the candidate
 * gave, the notes and the timeline. Keyboard: j/k next and previous candidate, m move, r reject,
 * n new note (not while typing in a field). Viewers see all of it but no decisions and no note form.
 */
export default function CandidatePage({ openingId, candidateId }: CandidatePageProps) {
  // The decisions (move menu, reject dialog) are the pipeline's components: their styles come with them.
  adoptPipelineStyles();
  adoptCandidateStyles();
  const t = useT();
  const locale = $locale.get() as Locale;
  const [loadedReview, setReview] = useState<CandidateReview | null>(null);
  const [notes, setNotes] = useState<CandidateNotes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const decisions = useRef<DecisionHandle>(null);
  const canManage = can(PERMISSIONS.candidatesManage);

  /** The candidate whose answers the page may show: a slower answer for the previous one is dropped. */
  const current = useRef(candidateId);
  current.current = candidateId;

  const load = useCallback(async () => {
    try {
      const [loaded, loadedNotes] = await Promise.all([fetchCandidateReview(api, openingId, candidateId), fetchCandidateNotes(api, openingId, candidateId)]);
      if (current.current !== candidateId) return;
      setReview(loaded);
      setNotes(loadedNotes);
      setError(null);
    } catch (caught) {
      setError(isApiError(caught) ? caught.key : 'genericErrorTitle');
    }
  }, [openingId, candidateId]);

  useEffect(() => {
    setReview(null);
    void load();
  }, [load]);

  // Until the new candidate has loaded, the page still holds the previous one (j/k right after a
  // navigation would use that one's neighbours): treat it as loading.
  const review = loadedReview?.candidateId === candidateId ? loadedReview : null;

  const name = review ? [review.applicant.personal.name.first, review.applicant.personal.name.last].filter(Boolean).join(' ') || review.applicant.personal.email : '';
  useTitle(review ? t('candidatePage.documentTitle', { name, opening: review.openingTitle }) : t('candidatePage.loading'));

  // Ready from the first render: a key pressed before the candidate (and its neighbours) arrived acts once they do.
  useReviewKeys(review !== null && notes !== null, (key) => {
    if (!review) return false;
    if (key === 'j' || key === 'k') {
      const id = key === 'j' ? review.nextCandidateId : review.previousCandidateId;
      if (id) navigate(candidatePagePath(openingId, id));
      return id !== null;
    }
    if (!canManage) return false;
    if (key === 'm') decisions.current?.move();
    else if (key === 'r') decisions.current?.reject();
    else noteField.current?.focus();
    return true;
  });

  if (error) return <ErrorMessage title={t(error)} message={t('candidatePage.loadFailed')} retryLabel={t('candidatePage.retry')} onRetry={() => void load()} />;
  if (!review || !notes) return <Loading label={t('candidatePage.loading')} />;

  const { applicant } = review;
  const personal = applicant.personal;
  const yesNo = (value: string) => (value === 'yes' || value === 'true' ? t('openings.yes') : value === 'no' || value === 'false' ? t('openings.no') : value);
  const fields: [string, string][] = [
    [t('openings.applicants.email'), personal.email],
    [t('openings.applicants.phone'), personal.phone],
    [t('openings.applicants.nationality'), personal.nationality ?? ''],
    [t('openings.applicants.birthDate'), personal.birthDate ?? ''],
    [t('openings.applicants.gender'), personal.gender ? t(`openings.gender.${personal.gender}`, { defaultValue: personal.gender }) : ''],
    [t('openings.applicants.address'), personal.address ?? ''],
    [t('openings.applicants.salary'), applicant.expectedConditions?.salary ?? ''],
    [t('openings.applicants.drivingLicenses'), choicesText(applicant.profile.capabilities.drivingLicenses, t('openings.applicants.noDrivingLicence'))],
    [t('openings.applicants.workPermit'), yesNo(applicant.profile.capabilities.hasWorkPermit)],
    [t('candidatePage.fields.profileUrl'), applicant.profile.url],
    // The language's name in the page language ("allemand"), not its code (issue 26).
    [t('candidatePage.fields.language'), applicant.language ? languageName(applicant.language, $locale.get()) : ''],
    [t('openings.applicants.appliedAt'), formatDate(applicant.appliedAt)],
  ];
  const openingPath = `/recruiter/openings/${openingId}`;

  return (
    <article className="candidate" aria-labelledby="candidate-name">
      <p>
        <a href={openingPath}>{t('candidatePage.back', { opening: review.openingTitle })}</a>
      </p>
      <header className="candidate-header">
        <h1 id="candidate-name" className="candidate-title">
          {name}
          <span className="candidate-stage">
            <span className="visually-hidden">{t('candidatePage.stageLabel')} </span>
            {stageLabel(t, review.stage, locale)}
          </span>
          {review.withdrawn ? <span className="candidate-stage candidate-withdrawn">{t('pipeline.withdrawn')}</span> : null}
        </h1>
        <div className="candidate-actions">
          <nav className="candidate-nav" aria-label={t('candidatePage.navigation')}>
            <CandidateLink openingId={openingId} candidateId={review.previousCandidateId} label={t('candidatePage.previous')} shortcut="k" />
            <CandidateLink openingId={openingId} candidateId={review.nextCandidateId} label={t('candidatePage.next')} shortcut="j" />
          </nav>
          {canManage ? <CandidateDecisions ref={decisions} review={review} name={name} onChanged={() => void load()} /> : null}
          {canManage ? <CandidatePortalActions candidateId={review.candidateId} applicationId={review.applicationId} openingId={openingId} /> : null}
          {canManage ? <AddToPoolMenu candidateId={review.candidateId} name={name} /> : null}
        </div>
      </header>
      <p className="candidate-keys">{canManage ? t('candidatePage.keysManage') : t('candidatePage.keys')}</p>

      <section aria-labelledby="candidate-personal">
        <h2 id="candidate-personal">{t('candidatePage.personal')}</h2>
        <dl className="candidate-fields">
          {fields
            .filter(([, value]) => value)
            .map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section aria-labelledby="candidate-cv">
        <h2 id="candidate-cv">{t('candidatePage.cv')}</h2>
        <CandidateFile file={review.files.cv} title={t('candidatePage.cvFrame', { name })} />
      </section>

      {applicant.coverLetter.text || review.files.coverLetter ? (
        <section aria-labelledby="candidate-letter">
          <h2 id="candidate-letter">{t('candidatePage.coverLetter')}</h2>
          {applicant.coverLetter.text ? <p className="candidate-letter-text">{applicant.coverLetter.text}</p> : null}
          {review.files.coverLetter ? <CandidateFile file={review.files.coverLetter} title={t('candidatePage.coverLetterFrame', { name })} /> : null}
        </section>
      ) : null}

      {review.formAnswers.length ? (
        <section aria-labelledby="candidate-answers">
          <h2 id="candidate-answers">{t('candidatePage.formAnswers')}</h2>
          <dl className="candidate-answers">
            {review.formAnswers.map((answer) => (
              <div key={answer.questionId}>
                <dt>{pickText(answer.label, locale)}</dt>
                <dd>
                  {answer.choices?.length
                    ? answer.choices.map((choice) => pickText(choice, locale)).join(', ')
                    : answer.type === 'yesNo' && answer.answer
                      ? yesNo(answer.answer)
                      : answer.answer || t('candidatePage.noAnswer')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {review.interviewAnswers.length ? (
        <section aria-labelledby="candidate-interview">
          <h2 id="candidate-interview">{t('candidatePage.interview')}</h2>
          <ul className="candidate-videos">
            {review.interviewAnswers.map((answer, index) => (
              <li key={`${answer.stepId}-${answer.questionId}`}>
                <h3 id={`candidate-question-${index}`}>{pickText(answer.question, locale)}</h3>
                {answer.video ? (
                  // biome-ignore lint/a11y/useMediaCaption: candidates' recorded answers come without captions
                  <video controls preload="metadata" aria-labelledby={`candidate-question-${index}`}>
                    <source src={answer.video.url} type={answer.video.contentType} />
                  </video>
                ) : (
                  <p>{t(answer.restricted ? 'candidatePage.videoRestricted' : 'candidatePage.notAnswered')}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {review.assessments.length ? <AssessmentsSection assessments={review.assessments} /> : null}

      <section aria-labelledby="candidate-source">
        <h2 id="candidate-source">{t('candidatePage.source')}</h2>
        <dl className="candidate-fields">
          <div>
            <dt>{t('openings.applicants.channel')}</dt>
            <dd>{t(`openings.posting.channel.${review.source.kind}`, { defaultValue: review.source.kind })}</dd>
          </div>
          {review.source.referral ? (
            <div>
              <dt>{t('candidatePage.referredBy')}</dt>
              <dd>{review.source.referral.referrerName || review.source.referral.code}</dd>
            </div>
          ) : null}
          <CampaignFields campaign={review.source.campaign} />
        </dl>
      </section>

      <section aria-labelledby="candidate-consent">
        <h2 id="candidate-consent">{t('candidatePage.consent')}</h2>
        <p>{t('candidatePage.consentGiven', { date: formatDate(review.consent.givenAt) })}</p>
        {review.consent.text ? <blockquote>{review.consent.text}</blockquote> : null}
      </section>

      <NotesSection ref={noteField} openingId={openingId} candidateId={candidateId} notes={notes} canWrite={canManage} onAdded={load} />
      <TimelineSection timeline={review.timeline} />
    </article>
  );
}

function CandidateLink({ openingId, candidateId, label, shortcut }: { openingId: string; candidateId: string | null; label: string; shortcut: string }) {
  if (!candidateId) {
    return (
      <button type="button" className="rec-button rec-button-secondary" disabled>
        {label}
      </button>
    );
  }
  return (
    <a className="rec-button rec-button-secondary" href={candidatePagePath(openingId, candidateId)} aria-keyshortcuts={shortcut}>
      {label}
    </a>
  );
}
