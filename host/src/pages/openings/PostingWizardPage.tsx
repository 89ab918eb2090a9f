import { createPosting, fetchPostings, isApiError, POSTING_CHANNEL_KINDS, type PostingChannelKind, type PostingInput, type PostingResource, updatePosting } from '@rec/api-client';
import { LOCALES, PERMISSIONS } from '@rec/core';
import { type Rule, validateForm } from '@rec/core/form-rules';
import { $opening, can, showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, TextField } from '@rec/ui';
import { atom } from 'nanostores';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { languageName, Notice, SelectField, TextAreaField, useRuleText, WizardSteps } from './shared';
import { contractLabel, contractOptions } from './contract-options';

/** The posting wizard's steps (the {slug} of postings/create/{slug} and postings/{id}/edit/{slug}). */
export const POSTING_WIZARD_STEPS = ['content', 'channels', 'review'] as const;
export type PostingWizardStep = (typeof POSTING_WIZARD_STEPS)[number];

export type PostingValues = {
  language: string;
  title: string;
  description: string;
  location: string;
  contract: string;
  channels: PostingChannelKind[];
};

export const POSTING_RULES: Readonly<Record<'language' | 'title' | 'description' | 'location' | 'contract', readonly Rule[]>> = {
  language: [{ name: 'required' }],
  title: [{ name: 'required' }, { name: 'max', length: 160 }],
  description: [{ name: 'required' }, { name: 'max', length: 20_000 }],
  location: [{ name: 'max', length: 160 }],
  contract: [{ name: 'max', length: 80 }],
};

/** The draft of the wizard, kept between its steps (key: opening id + posting id or 'new'). */
const $postingDraft = atom<{ key: string; values: PostingValues } | null>(null);

export function postingInput(values: PostingValues): PostingInput {
  const content: PostingInput['contents'][string] = { title: values.title.trim(), description: values.description.trim() };
  if (values.location.trim()) content.location = values.location.trim();
  if (values.contract.trim()) content.contract = values.contract.trim();
  return { language: values.language, contents: { [values.language]: content }, channels: values.channels };
}

function valuesOfPosting(posting: PostingResource): PostingValues {
  const content = posting.contents[posting.language] ?? Object.values(posting.contents)[0];
  return {
    language: posting.language,
    title: content?.title ?? '',
    description: content?.description ?? '',
    location: content?.location ?? '',
    contract: content?.contract ?? '',
    channels: POSTING_CHANNEL_KINDS.filter((kind) => posting.channels.some((channel) => channel.kind === kind)),
  };
}

interface Props {
  openingId: string;
  postingId?: string | undefined;
  slug?: string | undefined;
}

/** Create (postings/create/{content|channels|review}) and edit (postings/{id}/edit/{step}) of a posting. */
export function PostingWizardPage({ openingId, postingId, slug }: Props) {
  const t = useT();
  const opening = useStore($opening);
  const draft = useStore($postingDraft);
  const ruleText = useRuleText();
  const id = useId();
  const key = `${openingId}:${postingId ?? 'new'}`;
  const base = postingId ? `/recruiter/openings/${openingId}/postings/${postingId}/edit` : `/recruiter/openings/${openingId}/postings/create`;
  const step: PostingWizardStep | null = (POSTING_WIZARD_STEPS as readonly string[]).includes(slug ?? '') ? (slug as PostingWizardStep) : null;
  const [failures, setFailures] = useState<Record<string, Rule>>({});
  const [channelsError, setChannelsError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
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
      $postingDraft.set({ key, values: { language: opening?.language ?? locale, title: opening?.title ?? '', description: opening?.description ?? '', location: opening?.location ?? '', contract: opening?.contract ?? '', channels: ['BOARD'] } });
      return;
    }
    let live = true;
    fetchPostings(api, openingId).then(
      (postings) => {
        if (!live) return;
        const posting = postings.find((item) => item._id === postingId);
        if (posting) $postingDraft.set({ key, values: valuesOfPosting(posting) });
        else setFailed('openings.posting.notFound');
      },
      (error) => live && setFailed(isApiError(error) ? error.key : 'genericErrorTitle'),
    );
    return () => {
      live = false;
    };
  }, [draft, key, postingId, openingId, opening, locale]);

  if (!opening) return <Loading label={t('openings.loading')} />;
  if (!can(PERMISSIONS.postingsCreate)) return <Notice title={heading}>{<p>{t('openings.notAllowed')}</p>}</Notice>;
  if (!postingId && opening.status !== 'PUBLISHED') return <Notice title={heading}>{<p>{t('openings.wizard.notPublished')}</p>}</Notice>;
  if (failed) return <Notice title={heading}>{<p role="alert">{t(failed)}</p>}</Notice>;
  if (!step || draft?.key !== key) return <Loading label={t('openings.loading')} />;
  const values = draft.values;

  const set = (patch: Partial<PostingValues>) => {
    const next = { ...values, ...patch };
    $postingDraft.set({ key, values: next });
    if (Object.keys(failures).length) setFailures(validateForm(POSTING_RULES, next));
  };

  function nextFromContent(event: FormEvent) {
    event.preventDefault();
    const found = validateForm(POSTING_RULES, values);
    setFailures(found);
    const first = Object.keys(found)[0];
    if (first) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    navigate(`${base}/channels`);
  }

  function nextFromChannels(event: FormEvent) {
    event.preventDefault();
    if (!values.channels.length) {
      setChannelsError(true);
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('input[name="channels"]')?.focus();
      return;
    }
    navigate(`${base}/review`);
  }

  async function save() {
    setSaving(true);
    try {
      if (postingId) await updatePosting(api, openingId, postingId, postingInput(values));
      else await createPosting(api, openingId, postingInput(values));
      done.current = true;
      $postingDraft.set(null);
      showToast({ tone: 'success', title: postingId ? 'openings.toast.postingSaved' : 'openings.toast.postingCreated' });
      navigate(`/recruiter/openings/${openingId}`);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSaving(false);
    }
  }

  const steps = POSTING_WIZARD_STEPS.map((name) => ({ slug: name, label: t(`openings.wizard.steps.${name}`), href: name === 'content' || draft ? `${base}/${name}` : undefined }));
  const field = (name: keyof typeof POSTING_RULES) => ({ name, value: values[name], error: ruleText(failures[name]) });

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
          <SelectField
            label={t('openings.fields.language')}
            {...field('language')}
            onChange={(event) => set({ language: event.target.value })}
            options={LOCALES.map((code) => ({ value: code, label: languageName(code, locale) }))}
          />
          <TextField label={t('openings.fields.title')} {...field('title')} onChange={(event) => set({ title: event.target.value })} required autoComplete="off" />
          <TextAreaField label={t('openings.fields.description')} {...field('description')} onChange={(event) => set({ description: event.target.value })} required />
          <TextField label={t('openings.fields.location')} {...field('location')} onChange={(event) => set({ location: event.target.value })} />
          <SelectField label={t('openings.fields.contract')} {...field('contract')} onChange={(event) => set({ contract: event.target.value })} options={contractOptions(t)} />
          <div className="form-actions">
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : step === 'channels' ? (
        <form className="wizard-form" onSubmit={nextFromChannels} noValidate>
          <fieldset className="checkbox-group" aria-describedby={channelsError ? `${id}-channels-error` : undefined}>
            <legend>{t('openings.posting.channelsLegend')}</legend>
            {POSTING_CHANNEL_KINDS.map((kind) => (
              <div key={kind} className="checkbox">
                <input
                  type="checkbox"
                  id={`${id}-${kind}`}
                  name="channels"
                  value={kind}
                  checked={values.channels.includes(kind)}
                  onChange={(event) => {
                    setChannelsError(false);
                    set({ channels: POSTING_CHANNEL_KINDS.filter((item) => (item === kind ? event.target.checked : values.channels.includes(item))) });
                  }}
                />
                <label htmlFor={`${id}-${kind}`}>{t(`openings.posting.channel.${kind}`)}</label>
              </div>
            ))}
          </fieldset>
          {channelsError ? (
            <p id={`${id}-channels-error`} className="rec-field-error" role="alert">
              {t('openings.posting.channelsRequired')}
            </p>
          ) : null}
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`${base}/content`}>
              {t('openings.wizard.back')}
            </a>
            <Button type="submit">{t('openings.wizard.next')}</Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="wizard-summary">
            {(
              [
                [t('openings.fields.language'), languageName(values.language, locale)],
                [t('openings.fields.title'), values.title],
                [t('openings.fields.description'), values.description],
                [t('openings.fields.location'), values.location],
                [t('openings.fields.contract'), contractLabel(t, values.contract)],
                [t('openings.posting.channels'), values.channels.map((kind) => t(`openings.posting.channel.${kind}`)).join(', ')],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
          </dl>
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
