import { errorKeyFromUnknown, isApiError } from '@rec/api-client';
import type { Locale } from '@rec/core';
import { localizedText as pickText } from './localized-text';
import { NONE_CHOICE, toggleChoice } from '@rec/core/choices';
import { NEXT_STEP_PATH } from '@rec/core/step-routing';
import { acceptAttribute, checkUploadFile, FILE_EXTENSIONS } from '@rec/core/files';
import { type FileAnswer, type FormAnswer, type FormQuestion, questionProblem } from '@rec/core/steps';
import { Button, MessageBlock, TextField } from '../form-controls';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { StepFrame, type StepPageProps } from './StepFrame';
import { useStepsEnv } from './steps-env';

type Answers = Record<string, FormAnswer>;

/**
 * The application-form product: the opening's extra questions in the page's language, checked
 * with the spec §5 rules on blur and change (the server checks the same again on submit).
 */
export function ApplicationFormStepPage({ steps, step }: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const { locale } = env;
  const questions = ((step?.config ?? { questions: [] }) as { questions: FormQuestion[] }).questions;
  const [answers, setAnswers] = useState<Answers>(() => ({ ...((step?.progress?.answers as Answers | undefined) ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const check = (question: FormQuestion, value: FormAnswer) => {
    const problem = questionProblem(question, value);
    setErrors((current) => {
      const next = { ...current };
      if (problem) next[question.id] = problem;
      else delete next[question.id];
      return next;
    });
  };
  const change = (question: FormQuestion, value: FormAnswer, validate = true) => {
    setAnswers((current) => ({ ...current, [question.id]: value }));
    if (validate) check(question, value);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!step) return;
    const problems: Record<string, string> = {};
    for (const question of questions) {
      const problem = questionProblem(question, answers[question.id]);
      if (problem) problems[question.id] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await env.api.complete(step._id, { answers });
      env.go(NEXT_STEP_PATH);
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length) setErrors(error.fields);
      else setFailure(errorKeyFromUnknown(error));
      setBusy(false);
    }
  }

  return (
    <StepFrame title={t('steps.form.title')} steps={steps} current={step}>
      <p>{t('steps.form.intro')}</p>
      <form ref={formRef} onSubmit={submit} noValidate>
        {questions.map((question) => (
          <Question
            key={question.id}
            question={question}
            label={pickText(question.label, locale)}
            value={answers[question.id] ?? null}
            error={errors[question.id] ? t(errors[question.id]!) : null}
            locale={locale}
            stepId={step?._id ?? ''}
            onChange={(value, validate) => change(question, value, validate)}
            onBlur={() => check(question, answers[question.id] ?? null)}
          />
        ))}
        {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t('steps.form.submit')}
          </Button>
        </div>
      </form>
    </StepFrame>
  );
}

interface QuestionProps {
  stepId: string;
  question: FormQuestion;
  label: string;
  value: FormAnswer;
  error: string | null;
  locale: Locale;
  onChange(value: FormAnswer, validate?: boolean): void;
  onBlur(): void;
}

function Question({ stepId, question, label, value, error, locale, onChange, onBlur }: QuestionProps) {
  const env = useStepsEnv();
  const { t } = env;
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownLabel = question.required ? `${label} *` : label;
  const text = typeof value === 'string' ? value : '';
  switch (question.type) {
    case 'shortText':
    case 'number':
    case 'date':
      return (
        <TextField
          label={shownLabel}
          value={text}
          required={question.required}
          inputMode={question.type === 'number' ? 'decimal' : undefined}
          placeholder={question.type === 'date' ? t('steps.form.datePlaceholder') : undefined}
          hint={question.type === 'date' ? t('steps.form.dateHint') : undefined}
          error={error}
          onChange={(event) => onChange(event.target.value, false)}
          onBlur={onBlur}
        />
      );
    case 'file': {
      const set = question.extensions ?? 'CV';
      const chosen = value && typeof value === 'object' && !Array.isArray(value) ? (value as FileAnswer) : null;
      const shownError = uploadError ?? error;
      const choose = async (event: ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (!file) return;
        const problem = checkUploadFile(file, FILE_EXTENSIONS[set]);
        if (problem) {
          setUploadError(t(problem.key, problem.params));
          return;
        }
        setUploadError(null);
        setUploading(true);
        try {
          onChange(await env.api.uploadFormFile(stepId, question.id, file));
        } catch (failure) {
          setUploadError(t(errorKeyFromUnknown(failure)));
        } finally {
          setUploading(false);
        }
      };
      return (
        <div className={`rec-field${shownError ? ' rec-field-invalid' : ''}`}>
          <label htmlFor={id} className="rec-field-label">
            {shownLabel}
          </label>
          <input
            id={id}
            type="file"
            accept={acceptAttribute(FILE_EXTENSIONS[set])}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
            onChange={(event) => void choose(event)}
          />
          <p id={`${id}-hint`} className="rec-field-hint" role="status">
            {uploading ? t('steps.form.uploading') : chosen ? t('steps.form.fileKept', { name: chosen.name }) : t('steps.form.fileTypes', { extensions: acceptAttribute(FILE_EXTENSIONS[set]).replaceAll(',', ', ') })}
          </p>
          {shownError ? (
            <p id={`${id}-error`} className="rec-field-error" role="alert">
              {shownError}
            </p>
          ) : null}
        </div>
      );
    }
    case 'longText':
      return (
        <div className={`rec-field${error ? ' rec-field-invalid' : ''}`}>
          <label htmlFor={id} className="rec-field-label">
            {shownLabel}
          </label>
          <textarea
            id={id}
            className="rec-input"
            rows={5}
            value={text}
            required={question.required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange(event.target.value, false)}
            onBlur={onBlur}
          />
          {error ? (
            <p id={`${id}-error`} className="rec-field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      );
    default: {
      const multiple = question.type === 'multipleChoice';
      const choices =
        question.type === 'yesNo'
          ? [
              { id: 'yes', text: t('steps.form.yes') },
              { id: 'no', text: t('steps.form.no') },
            ]
          : [
              ...(question.choices ?? []).map((choice) => ({ id: choice.id, text: pickText(choice.label, locale) })),
              // A required group must be answerable by someone who has none of the listed things.
              ...(multiple && question.required ? [{ id: NONE_CHOICE, text: t('steps.form.none') }] : []),
            ];
      const selected = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className={`rec-field step-choices${error ? ' rec-field-invalid' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="rec-field-label">{shownLabel}</legend>
          {choices.map((choice) => (
            <label key={choice.id} className="step-choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`${id}-${question.id}`}
                value={choice.id}
                aria-invalid={error ? true : undefined}
                checked={multiple ? selected.includes(choice.id) : value === choice.id}
                onChange={(event) => onChange(multiple ? toggleChoice(selected, choice.id, event.target.checked) : choice.id)}
              />{' '}
              {choice.text}
            </label>
          ))}
          {error ? (
            <p id={`${id}-error`} className="rec-field-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
  }
}
