import { createPosting, fetchPostings, isApiError, updatePosting } from '@rec/api-client';
import { PERMISSIONS } from '@rec/core';
import { $company, $opening, can, loadOpening, showErrorToast, showToast } from '@rec/stores';
import { Button, Loading } from '@rec/ui';
import { atom } from 'nanostores';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { PostingChannels } from './PostingChannels';
import { PostingLanguages } from './PostingLanguages';
import { PostingReview } from './PostingReview';
import { PrivacyNoticeWarning } from './PrivacyNoticeWarning';
import { missingNotices, type PostingFailures, type PostingValues, postingFailures, postingInput, valuesOfPosting } from './posting-values';
import { checkSalary, salaryDraftOf } from './SalaryFields';
import { Notice, WizardSteps } from './shared';

/** The posting wizard's steps (the {slug} of postings/create/{slug} and postings/{id}/edit/{slug}). */
export const POSTING_WIZARD_STEPS = ['content', 'channels', 'review'] as const;
export type PostingWizardStep = (typeof POSTING_WIZARD_STEPS)[number];

/** The draft of the wizard, kept between its steps (key: opening id + posting id or 'new'). */
const $postingDraft = atom<{ key: string; values: PostingValues; saved: string[] } | null>(null);

interface Props {
  openingId: string;
  postingId?: string | undefined;
  slug?: string | undefined;
}

/** Create (postings/create/{content|channels|review}) and edit (postings/{id}/edit/{step}) of a posting. */
export function PostingWizardPage({ openingId, postingId, slug }: Props) {
  const t = useT();
  const opening = useStore($opening);
  const company = useStore($company);
  const draft = useStore($postingDraft);
  const [noticeConfirmed, setNoticeConfirmed] = useState(false);
  const [noticeError, setNoticeError] = useState(false);
  const id = useId();
  const key = `${openingId}:${postingId ?? 'new'}`;
  const base = postingId ? `/recruiter/openings/${openingId}/postings/${postingId}/edit` : `/recruiter/openings/${openingId}/postings/create`;
  const step: PostingWizardStep | null = (POSTING_WIZARD_STEPS as readonly string[]).includes(slug ?? '') ? (slug as PostingWizardStep) : null;
  const [failures, setFailures] = useState<PostingFailures>({});
  const [channelsError, setChannelsError] = useState(false);
  const [salaryChecked, setSalaryChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const title = opening?.title ?? '';
  const heading = postingId ? t('openings.wizard.postingEditTitle', { title }) : t('openings.wizard.postingCreateTitle', { title });
  useTitle(heading);
  const locale = $locale.get();

  // Set once saved: the draft is gone then, and that must not send us back to step one.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (!step || (step !== 'content' && draft?.key !== key)) navigate(`${base}/content`, { replace: true });
  }, [step, draft, key, base]);

  useEffect(() => {
    if (done.current || draft?.key === key) return;
    if (!postingId) {
      const language = opening?.language ?? locale;
      $postingDraft.set({
        key,
        saved: [],
        values: {
          language,
          languages: [language],
          contents: { [language]: { title: opening?.title ?? '', description: opening?.description ?? '', location: opening?.location ?? '', contract: opening?.contract ?? '' } },
          channels: ['BOARD'],
          salary: salaryDraftOf(opening?.salary),
        },
      });
      return;
    }
    let live = true;
    fetchPostings(api, openingId).then(
      (postings) => {
        if (!live) return;
        const posting = postings.find((item) => item._id === postingId);
        if (posting) {
          const values = valuesOfPosting(posting);
          $postingDraft.set({ key, values, saved: values.languages });
        } else setFailed('openings.posting.notFound');
      },
      (error) => live && setFailed(isApiError(error) ? error.key : 'genericErrorTitle'),
    );
    return () => {
      live = false;
    };
  }, [draft, key, postingId, openingId, opening, locale]);

  // After a failed submit, the first invalid field of the language now shown gets the focus.
  useEffect(() => {
    if (!focusField) return;
    document.querySelector<HTMLElement>(`#${CSS.escape(`${id}-panel`)} [name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, id]);

  if (!opening) return <Loading label={t('openings.loading')} />;
  if (!can(PERMISSIONS.postingsCreate)) return <Notice title={heading}>{<p>{t('openings.notAllowed')}</p>}</Notice>;
  if (!postingId && opening.status !== 'PUBLISHED') return <Notice title={heading}>{<p>{t('openings.wizard.notPublished')}</p>}</Notice>;
  if (failed) return <Notice title={heading}>{<p role="alert">{t(failed)}</p>}</Notice>;
  if (!step || draft?.key !== key) return <Loading label={t('openings.loading')} />;
  const values = draft.values;
  const current = tab && values.languages.includes(tab) ? tab : values.language;

  const update = (next: PostingValues) => {
    $postingDraft.set({ ...draft, values: next });
    if (Object.keys(failures).length) setFailures(postingFailures(next));
  };

  function nextFromContent(event: FormEvent) {
    event.preventDefault();
    const found = postingFailures(values);
    setFailures(found);
    // The language shown first if it has failures, else the first one (in tab order) that has.
    const language = found[current] ? current : values.languages.find((code) => found[code]);
    if (language) {
      setTab(language);
      setFocusField(Object.keys(found[language] ?? {})[0] ?? null);
      return;
    }
    navigate(`${base}/channels`);
  }

  function nextFromChannels(event: FormEvent) {
    event.preventDefault();
    setSalaryChecked(true);
    const salaryErrors = values.salary ? checkSalary(values.salary).errors : undefined;
    if (salaryErrors) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="salary-${Object.keys(salaryErrors)[0]}"]`)?.focus();
      return;
    }
    if (!values.channels.length) {
      setChannelsError(true);
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('input[name="channels"]')?.focus();
      return;
    }
    navigate(`${base}/review`);
  }

  const notices = missingNotices(values, draft.saved, company?.settings?.privacyNoticeLanguages);

  async function save() {
    if (notices.needsConfirm && !noticeConfirmed) {
      setNoticeError(true);
      document.getElementById(`${id}-notice-confirm`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const input = { ...postingInput(values), ...(noticeConfirmed ? { confirmMissingPrivacyNotice: true } : {}) };
      if (postingId) await updatePosting(api, openingId, postingId, input);
      else await createPosting(api, openingId, input);
      done.current = true;
      $postingDraft.set(null);
      // Where the opening is visible may have changed (a new channel).
      await loadOpening(api, openingId, { refresh: true }).catch(() => undefined);
      showToast({ tone: 'success', title: postingId ? 'openings.toast.postingSaved' : 'openings.toast.postingCreated' });
      navigate(`/recruiter/openings/${openingId}`);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSaving(false);
    }
  }

  const steps = POSTING_WIZARD_STEPS.map((name) => ({ slug: name, label: t(`openings.wizard.steps.${name}`), href: name === 'content' || draft ? `${base}/${name}` : undefined }));

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <p>
        <a href={`/recruiter/openings/${openingId}`}>{t('openings.other.back')}</a>
      </p>
      <h1 id="wizard-title">{heading}</h1>
      <WizardSteps steps={steps} current={step} label={t('openings.wizard.stepsLabel')} />
      <h2>{t(`openings.wizard.steps.${step}`)}</h2>
      {step === 'content' ? (
        <form className="wizard-form" onSubmit={nextFromContent} noValidate>
          <PostingLanguages id={id} values={values} current={current} saved={draft.saved} failures={failures} update={update} setTab={setTab} />
          <div className="form-actions">
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : step === 'channels' ? (
        <form className="wizard-form" onSubmit={nextFromChannels} noValidate>
          <PostingChannels id={id} values={values} update={update} channelsError={channelsError} setChannelsError={setChannelsError} salaryChecked={salaryChecked} />
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`${base}/content`}>
              {t('openings.wizard.back')}
            </a>
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : (
        <>
          <PostingReview id={id} values={values} />
          <PrivacyNoticeWarning
            id={id}
            notices={notices}
            confirmed={noticeConfirmed}
            error={noticeError}
            onConfirm={(confirmed) => {
              setNoticeConfirmed(confirmed);
              setNoticeError(false);
            }}
          />
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`${base}/channels`}>
              {t('openings.wizard.back')}
            </a>
            <Button onClick={save} busy={saving}>
              {postingId ? t('openings.wizard.savePosting') : t('openings.wizard.createPosting')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
