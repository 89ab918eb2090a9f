import { fetchOpeningProcess, isApiError, saveOpeningProcess } from '@rec/api-client';
import { LOCALES, type Locale, toLocale } from '@rec/core';
import { acceptAttribute, FILE_EXTENSIONS } from '@rec/core/files';
import { FILE_QUESTION_SETS, type FileQuestionSet, type FormQuestion, type Process, type ProcessStep, QUESTION_TYPES, type QuestionType, STEP_PRODUCTS, type StepProduct } from '@rec/core/steps';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Loading, TextField } from '@rec/ui';
import { useEffect, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { adoptStepsStyles } from '../steps/steps-styles';
import { languageName, SelectField } from './shared';

type InterviewStep = Extract<ProcessStep, { product: 'interview' }>;
type FormStep = Extract<ProcessStep, { product: 'application-form' }>;

/** A fresh configuration per product: what "add" puts in the process. */
function newStep(product: StepProduct, language: Locale): ProcessStep {
  if (product === 'application-form') return { product, config: { questions: [] } };
  if (product === 'interview') return { product, config: { questions: [{ id: 'q1', text: { [language]: '' } }], thinkSeconds: 30, answerSeconds: 90, retakes: 1 } };
  return { product, config: { provider: 'builtin' } };
}

const nextId = (prefix: string, taken: readonly { id: string }[]) => {
  let n = taken.length + 1;
  while (taken.some((item) => item.id === `${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
};

/** Where the process is read and saved: the opening's by default; the company's default process (settings_new/workflows) passes its own. */
export interface ProcessSource {
  load(): Promise<Process>;
  save(process: Process): Promise<Process>;
}

/**
 * The opening wizard's "Steps" section (issue 10): the candidate's process after applying, to
 * add, remove, reorder and configure, saved on its own (PUT /v2/jobs/{id}/process). Texts are
 * written per language: the language picker says which one the fields edit.
 */
export function StepsSection({ openingId, source }: { openingId: string; source?: ProcessSource }) {
  const t = useT();
  const uiLocale = toLocale($locale.get()) ?? 'en';
  const [process, setProcess] = useState<Process | null>(null);
  const [language, setLanguage] = useState<Locale>(uiLocale);
  const [adding, setAdding] = useState<StepProduct | ''>('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    (source ? source.load() : fetchOpeningProcess(api, openingId))
      .then(setProcess)
      .catch((error: unknown) => setFailure(isApiError(error) ? error.key : 'genericErrorTitle'));
  }, [openingId, source]);

  if (!process) return failure ? <p role="alert">{t(failure)}</p> : <Loading label={t('steps.loading')} />;
  const steps = process.steps;
  const update = (next: ProcessStep[]) => setProcess({ steps: next });
  const replace = (index: number, step: ProcessStep) => update(steps.map((item, i) => (i === index ? step : item)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    update(next);
  };
  const missing = STEP_PRODUCTS.filter((product) => !steps.some((step) => step.product === product));

  async function save() {
    if (!process) return;
    setSaving(true);
    setFailure(null);
    try {
      setProcess(await (source ? source.save(process) : saveOpeningProcess(api, openingId, process)));
      showToast({ tone: 'success', title: 'steps.editor.saved' });
    } catch (error) {
      const key = isApiError(error) ? error.key : 'genericErrorTitle';
      setFailure(key);
      showErrorToast(key);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="steps-editor" aria-labelledby="steps-editor-title">
      <h2 id="steps-editor-title">{t('steps.editor.title')}</h2>
      <p>{t('steps.editor.intro')}</p>
      <SelectField
        label={t('steps.editor.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Locale)}
        options={LOCALES.map((code) => ({ value: code, label: languageName(code, uiLocale) }))}
      />
      <ol className="steps-editor-list">
        {steps.map((step, index) => {
          const name = t(`steps.products.${step.product}`);
          return (
            <li key={step.product} className="steps-editor-step">
              <h3>{t('steps.editor.stepTitle', { position: index + 1, name })}</h3>
              <div className="form-actions">
                <Button variant="secondary" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('steps.editor.moveUp', { name })}>
                  ↑
                </Button>
                <Button variant="secondary" disabled={index === steps.length - 1} onClick={() => move(index, 1)} aria-label={t('steps.editor.moveDown', { name })}>
                  ↓
                </Button>
                <Button variant="secondary" disabled={steps.length === 1} onClick={() => update(steps.filter((_, i) => i !== index))}>
                  {t('steps.editor.remove', { name })}
                </Button>
              </div>
              {step.product === 'application-form' ? <FormEditor step={step} language={language} onChange={(next) => replace(index, next)} /> : null}
              {step.product === 'interview' ? <InterviewEditor step={step} language={language} onChange={(next) => replace(index, next)} /> : null}
              {step.product !== 'application-form' && step.product !== 'interview' ? <p>{t('steps.editor.builtin')}</p> : null}
            </li>
          );
        })}
      </ol>
      {missing.length ? (
        <div className="form-actions">
          <SelectField
            label={t('steps.editor.add')}
            value={adding}
            onChange={(event) => setAdding(event.target.value as StepProduct | '')}
            options={[{ value: '', label: t('steps.editor.choose') }, ...missing.map((product) => ({ value: product, label: t(`steps.products.${product}`) }))]}
          />
          <Button
            variant="secondary"
            disabled={!adding}
            onClick={() => {
              if (adding) update([...steps, newStep(adding, language)]);
              setAdding('');
            }}
          >
            {t('steps.editor.addButton')}
          </Button>
        </div>
      ) : null}
      {failure ? <p role="alert">{t(failure)}</p> : null}
      <div className="form-actions">
        <Button onClick={() => void save()} busy={saving}>
          {t('steps.editor.save')}
        </Button>
      </div>
    </section>
  );
}

function FormEditor({ step, language, onChange }: { step: FormStep; language: Locale; onChange(step: FormStep): void }) {
  adoptStepsStyles(); // `.step-choice` is the step views' class
  const t = useT();
  const questions = step.config.questions;
  const set = (index: number, question: FormQuestion) => onChange({ ...step, config: { questions: questions.map((item, i) => (i === index ? question : item)) } });
  return (
    <div>
      {questions.map((question, index) => (
        <fieldset key={question.id} className="steps-editor-question">
          <legend>{t('steps.editor.question', { number: index + 1 })}</legend>
          <TextField label={t('steps.editor.questionText')} value={question.label[language] ?? ''} onChange={(event) => set(index, { ...question, label: { ...question.label, [language]: event.target.value } })} />
          <SelectField
            label={t('steps.editor.questionType')}
            value={question.type}
            onChange={(event) => {
              const type = event.target.value as QuestionType;
              const choices = type.endsWith('Choice') ? (question.choices ?? [{ id: 'c1', label: {} }, { id: 'c2', label: {} }]) : undefined;
              set(index, { ...question, type, ...(choices ? { choices } : { choices: undefined }) });
            }}
            options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`steps.editor.types.${type}`) }))}
          />
          {question.type === 'file' ? (
            <SelectField
              label={t('steps.editor.extensions')}
              value={question.extensions ?? 'CV'}
              onChange={(event) => set(index, { ...question, extensions: event.target.value as FileQuestionSet })}
              options={FILE_QUESTION_SETS.map((set) => ({ value: set, label: `${t(`steps.editor.sets.${set}`)} (${acceptAttribute(FILE_EXTENSIONS[set]).replaceAll(',', ', ')})` }))}
            />
          ) : null}
          {(question.choices ?? []).map((choice, choiceIndex) => (
            <TextField
              key={choice.id}
              label={t('steps.editor.choice', { number: choiceIndex + 1 })}
              value={choice.label[language] ?? ''}
              onChange={(event) =>
                set(index, { ...question, choices: (question.choices ?? []).map((item) => (item.id === choice.id ? { ...item, label: { ...item.label, [language]: event.target.value } } : item)) })
              }
            />
          ))}
          {question.choices ? (
            <Button variant="link" onClick={() => set(index, { ...question, choices: [...(question.choices ?? []), { id: nextId('c', question.choices ?? []), label: {} }] })}>
              {t('steps.editor.addChoice')}
            </Button>
          ) : null}
          <label className="step-choice">
            <input type="checkbox" checked={question.required} onChange={(event) => set(index, { ...question, required: event.target.checked })} /> {t('steps.editor.required')}
          </label>
          <Button variant="secondary" onClick={() => onChange({ ...step, config: { questions: questions.filter((_, i) => i !== index) } })}>
            {t('steps.editor.removeQuestion', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => onChange({ ...step, config: { questions: [...questions, { id: nextId('q', questions), type: 'shortText', label: {}, required: false }] } })}>
        {t('steps.editor.addQuestion')}
      </Button>
    </div>
  );
}

function InterviewEditor({ step, language, onChange }: { step: InterviewStep; language: Locale; onChange(step: InterviewStep): void }) {
  const t = useT();
  const config = step.config;
  const number = (key: 'thinkSeconds' | 'answerSeconds' | 'retakes', label: string) => (
    <TextField label={label} type="number" inputMode="numeric" value={String(config[key])} onChange={(event) => onChange({ ...step, config: { ...config, [key]: Number(event.target.value) } })} />
  );
  return (
    <div>
      {config.questions.map((question, index) => (
        <div key={question.id} className="steps-editor-question">
          <TextField
            label={t('steps.editor.question', { number: index + 1 })}
            value={question.text[language] ?? ''}
            onChange={(event) =>
              onChange({ ...step, config: { ...config, questions: config.questions.map((item, i) => (i === index ? { ...item, text: { ...item.text, [language]: event.target.value } } : item)) } })
            }
          />
          <Button variant="secondary" disabled={config.questions.length === 1} onClick={() => onChange({ ...step, config: { ...config, questions: config.questions.filter((_, i) => i !== index) } })}>
            {t('steps.editor.removeQuestion', { number: index + 1 })}
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange({ ...step, config: { ...config, questions: [...config.questions, { id: nextId('q', config.questions), text: {} }] } })}>
        {t('steps.editor.addQuestion')}
      </Button>
      {number('thinkSeconds', t('steps.editor.thinkSeconds'))}
      {number('answerSeconds', t('steps.editor.answerSeconds'))}
      {number('retakes', t('steps.editor.retakes'))}
    </div>
  );
}
