import { createOpening, fetchOpening, isApiError, updateOpening } from '@rec/api-client';
import { type ApplyFormConfig, applyFormOf, LOCALES, PERMISSIONS, type Salary } from '@rec/core';
import { type Rule, validateForm } from '@rec/core/form-rules';
import { $opening, can, holdOpening, showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, TextField } from '@rec/ui';
import { atom } from 'nanostores';
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { ApplyFormFields } from './ApplyFormFields';
import { checkSalary, SalaryFields, salaryDraftOf } from './SalaryFields';
import { DescriptionField, descriptionText, languageName, Notice, SelectField, useRuleText, WizardSteps } from './shared';
import { contractLabel, contractOptions } from './contract-options';
import { EMPTY_OPENING, OPENING_RULES, type OpeningValues, openingInput, valuesOf } from './opening-values';
import { StepsSection } from './StepsSection';

/** The opening wizard's steps (the {slug} of /recruiter/openings/create/{slug}). */
export const OPENING_WIZARD_STEPS = ['details', 'review'] as const;
export type OpeningWizardStep = (typeof OPENING_WIZARD_STEPS)[number];

/** The create wizard's draft, kept between its steps (key: the duplicated opening's id, or '' for a new one). */
const $draft = atom<{ key: string; values: OpeningValues; applyForm?: unknown; salary?: Salary | null } | null>(null);

interface Props {
  /** The opening being edited (route /{id}/edit); absent when creating. */
  openingId?: string | undefined;
  slug?: string | undefined;
  query: URLSearchParams;
}

/**
 * Create (/create/details -> /create/review; `baseOpening` duplicates that opening) and edit
 * (/{id}/edit, one step) of an opening.
 */
export function OpeningWizardPage({ openingId, slug, query }: Props) {
  if (openingId) return <EditOpening openingId={openingId} />;
  return <CreateOpening slug={slug} baseOpening={query.get('baseOpening')} />;
}

function OpeningForm({
  values,
  onSubmit,
  submitLabel,
  busy,
  applyForm: initialApplyForm,
  salary: initialSalary,
}: {
  values: OpeningValues;
  onSubmit: (values: OpeningValues, applyForm: ApplyFormConfig, salary: Salary | null) => void;
  submitLabel: string;
  busy?: boolean;
  applyForm?: unknown;
  salary?: Salary | null | undefined;
}) {
  const t = useT();
  const [applyForm, setApplyForm] = useState(() => applyFormOf(initialApplyForm));
  const [salary, setSalary] = useState(() => salaryDraftOf(initialSalary));
  const ruleText = useRuleText();
  const [current, setCurrent] = useState(values);
  const [failures, setFailures] = useState<Partial<Record<keyof OpeningValues, Rule>>>({});
  const [touched, setTouched] = useState(false);
  const locale = $locale.get();

  function change(field: keyof OpeningValues, value: string) {
    const next = { ...current, [field]: value };
    setCurrent(next);
    // After a first submit, errors follow the input (spec §5: validation on change).
    if (touched) setFailures(validateForm(OPENING_RULES, next));
  }

  function blur(field: keyof OpeningValues) {
    const failed = validateForm({ [field]: OPENING_RULES[field] }, current)[field];
    setFailures((previous) => {
      const { [field]: _old, ...rest } = previous;
      return failed ? { ...rest, [field]: failed } : rest;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const found = validateForm(OPENING_RULES, current);
    setFailures(found);
    const salaryCheck = checkSalary(salary);
    const first = Object.keys(found)[0] ?? Object.keys(salaryCheck.errors ?? {}).map((field) => `salary-${field}`)[0];
    if (first || salaryCheck.salary === undefined) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(current, applyForm, salaryCheck.salary);
  }

  const text = (field: keyof OpeningValues) => ({
    name: field,
    value: current[field],
    // Leaving for the submit button: the submit validates everything anyway, and an error appearing
    // now would move the button away from under the pointer before the click lands.
    onBlur: (event: FocusEvent) => {
      const next = event.relatedTarget as HTMLButtonElement | null;
      if (next?.type === 'submit' && next.form === event.currentTarget.closest('form')) return;
      blur(field);
    },
    error: ruleText(failures[field]),
  });

  return (
    <form className="wizard-form" onSubmit={submit} noValidate>
      <TextField label={t('openings.fields.title')} {...text('title')} onChange={(event) => change('title', event.target.value)} required autoComplete="off" />
      <TextField label={t('openings.fields.referenceCode')} {...text('referenceCode')} onChange={(event) => change('referenceCode', event.target.value)} autoComplete="off" />
      <SelectField
        label={t('openings.fields.language')}
        {...text('language')}
        onChange={(event) => change('language', event.target.value)}
        options={LOCALES.map((code) => ({ value: code, label: languageName(code, locale) }))}
      />
      <TextField label={t('openings.fields.location')} {...text('location')} onChange={(event) => change('location', event.target.value)} />
      <SelectField label={t('openings.fields.contract')} {...text('contract')} onChange={(event) => change('contract', event.target.value)} options={contractOptions(t)} />
      <DescriptionField
        label={t('openings.fields.description')}
        name="description"
        value={current.description}
        error={ruleText(failures.description)}
        onChange={(html) => change('description', html)}
        onBlur={() => blur('description')}
      />
      <SalaryFields value={salary} onChange={setSalary} showErrors={touched} />
      <ApplyFormFields value={applyForm} onChange={setApplyForm} />
      <div className="form-actions">
        <Button type="submit" busy={busy ?? false}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Summary({ values }: { values: OpeningValues }) {
  const t = useT();
  const locale = $locale.get();
  const rows: [string, string][] = [
    [t('openings.fields.title'), values.title],
    [t('openings.fields.referenceCode'), values.referenceCode],
    [t('openings.fields.language'), languageName(values.language, locale)],
    [t('openings.fields.location'), values.location],
    [t('openings.fields.contract'), contractLabel(t, values.contract)],
    [t('openings.fields.description'), descriptionText(values.description)],
  ];
  return (
    <dl className="wizard-summary">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function CreateOpening({ slug, baseOpening }: { slug?: string | undefined; baseOpening: string | null }) {
  const t = useT();
  const draft = useStore($draft);
  const key = baseOpening ?? '';
  const [baseTitle, setBaseTitle] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const step: OpeningWizardStep | null = (OPENING_WIZARD_STEPS as readonly string[]).includes(slug ?? '') ? (slug as OpeningWizardStep) : null;
  const search = baseOpening ? `?${new URLSearchParams({ baseOpening })}` : '';
  const heading = baseOpening ? t('openings.wizard.duplicateTitle', { title: baseTitle ?? '' }) : t('openings.wizard.createTitle');
  useTitle(heading);

  // Set once the opening is created: the draft is gone then, and that must not send us back to step one.
  const done = useRef(false);

  useEffect(() => {
    // No step, an unknown step, or the review without a draft: the first step.
    if (done.current) return;
    if (!step || (step === 'review' && draft?.key !== key)) navigate(`/recruiter/openings/create/details${search}`, { replace: true });
  }, [step, draft, key, search]);

  useEffect(() => {
    if (done.current || (draft?.key === key && (!baseOpening || baseTitle))) return;
    if (!baseOpening) {
      if (draft?.key !== key) $draft.set({ key, values: { ...EMPTY_OPENING, language: $locale.get() } });
      return;
    }
    let live = true;
    fetchOpening(api, baseOpening).then(
      (base) => {
        if (!live) return;
        setBaseTitle(base.title);
        // A reference code names one opening: the copy starts without one (the server refuses the same code).
        if ($draft.get()?.key !== key) $draft.set({ key, values: { ...valuesOf(base), referenceCode: '' }, applyForm: base.applyForm, salary: base.salary });
      },
      (error) => live && setFailed(isApiError(error) ? error.key : 'genericErrorTitle'),
    );
    return () => {
      live = false;
    };
  }, [baseOpening, key, draft, baseTitle]);

  if (!can(PERMISSIONS.openingsCreate)) return <Notice title={heading}>{<p>{t('openings.notAllowed')}</p>}</Notice>;
  if (failed) return <Notice title={heading}>{<p role="alert">{t(failed)}</p>}</Notice>;
  if (!step || draft?.key !== key) return <Loading label={t('openings.loading')} />;

  async function create() {
    if (!draft) return;
    setSaving(true);
    try {
      const created = await createOpening(api, {
        ...openingInput(draft.values),
        applyForm: applyFormOf(draft.applyForm),
        ...(draft.salary !== undefined ? { salary: draft.salary } : {}),
        ...(baseOpening ? { baseOpening } : {}),
      });
      done.current = true;
      $draft.set(null);
      holdOpening(created);
      $opening.set(created);
      showToast({ tone: 'success', title: 'openings.toast.created', values: { title: created.title } });
      navigate(`/recruiter/openings/${created._id}`);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSaving(false);
    }
  }

  const steps = [
    { slug: 'details', label: t('openings.wizard.steps.details'), href: `/recruiter/openings/create/details${search}` },
    { slug: 'review', label: t('openings.wizard.steps.review') },
  ];
  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <p>
        <a href="/recruiter/openings">{t('openings.detail.back')}</a>
      </p>
      <h1 id="wizard-title">{heading}</h1>
      <WizardSteps steps={steps} current={step} label={t('openings.wizard.stepsLabel')} />
      <h2>{t(`openings.wizard.steps.${step}`)}</h2>
      {step === 'details' ? (
        <OpeningForm
          values={draft.values}
          applyForm={draft.applyForm}
          salary={draft.salary}
          submitLabel={t('openings.wizard.next')}
          onSubmit={(values, applyForm, salary) => {
            $draft.set({ key, values, applyForm, salary });
            navigate(`/recruiter/openings/create/review${search}`);
          }}
        />
      ) : (
        <>
          <Summary values={draft.values} />
          <div className="form-actions">
            <a className="rec-button rec-button-secondary" href={`/recruiter/openings/create/details${search}`}>
              {t('openings.wizard.back')}
            </a>
            <Button onClick={create} busy={saving}>
              {t('openings.wizard.createOpening')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function EditOpening({ openingId }: { openingId: string }) {
  const t = useT();
  const opening = useStore($opening);
  const [saving, setSaving] = useState(false);
  const heading = t('openings.wizard.editTitle', { title: opening?.title ?? '' });
  useTitle(heading);
  if (!opening || opening._id !== openingId) return <Loading label={t('openings.loading')} />;
  if (!can(PERMISSIONS.openingsManage) || opening.status === 'ARCHIVED') return <Notice title={heading}>{<p>{t('openings.notAllowed')}</p>}</Notice>;

  async function save(values: OpeningValues, applyForm: ApplyFormConfig, salary: Salary | null) {
    setSaving(true);
    try {
      const saved = await updateOpening(api, openingId, { ...openingInput(values), applyForm, salary });
      holdOpening(saved);
      showToast({ tone: 'success', title: 'openings.toast.saved' });
      navigate(`/recruiter/openings/${openingId}`);
    } catch (error) {
      showErrorToast(isApiError(error) ? error.key : null);
      setSaving(false);
    }
  }

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <p>
        <a href={`/recruiter/openings/${openingId}`}>{t('openings.other.back')}</a>
      </p>
      <h1 id="wizard-title">{heading}</h1>
      <OpeningForm values={valuesOf(opening)} applyForm={opening.applyForm} salary={opening.salary} submitLabel={t('openings.wizard.save')} onSubmit={save} busy={saving} />
      <StepsSection openingId={openingId} />
    </section>
  );
}
