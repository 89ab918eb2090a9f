import { acceptAttribute, CV_EXTENSIONS } from '@rec/core/files';
import { APPLICATION_FIELDS, type ApplicationFieldDefinition } from '@rec/core/application';
import { applyFormOf, fieldLevel } from '@rec/core/apply-form';
import { NONE_CHOICE, toggleChoice } from '@rec/core/choices';
import { FORM_COLUMN_DEFAULT, FORM_COLUMNS_MD, type Locale, languageName, type Offer, pickPrivacyNotice, UPLOAD } from '@rec/core';
import type { Translate } from '@rec/i18n/widgets';
import { type ApplicationForm, createApplicationForm, type FieldMessage, type FileField } from '@rec/stores/application-form';
import { useStore, visitSource } from '@rec/ui';
import { type FormEvent, type ReactElement, useEffect, useMemo, useRef, useState } from 'react';

export interface ApplyFormProps {
  offer: Offer;
  companyId: string;
  locale: Locale;
  t: Translate;
  baseURL: string;
  referralCode?: string | undefined;
  agentEmail?: string | undefined;
  /** Move focus into the form when it opens (a candidate asked for it). */
  autoFocus?: boolean;
  /**
   * A form store made by the caller instead of the form's own: the branding preview INPUTS
   * shows this form with sample values and errors (no server, no draft).
   */
  form?: ApplicationForm | undefined;
}

const idOf = (field: string) => `rec-apply-${field}`;

function span(field: ApplicationFieldDefinition): number {
  return (FORM_COLUMNS_MD as Record<string, number>)[field.column ?? field.name] ?? FORM_COLUMN_DEFAULT;
}

function message(t: Translate, error: FieldMessage | undefined): string {
  return error ? t(error.key, error.params) : '';
}

/** The application form of spec §3 with the fields the opening asks (lazy chunk of <rec-offer>). */
export function ApplyForm({ offer, companyId, locale, t, baseURL, referralCode, agentEmail, autoFocus, form: given }: ApplyFormProps) {
  const config = applyFormOf(offer.applyForm);
  // The notice in the page's language, else the offer's, else the company's default: the form says which it showed.
  const notice = pickPrivacyNotice(offer.company?.privacyNotices ?? [], [locale, offer.language]);
  const form = useMemo(
    () =>
      given ??
      createApplicationForm({
        channelId: offer.channelId,
        companyId,
        baseURL,
        locale,
        companyReferralCode: referralCode,
        agentEmail,
        // Where the visit came from (issue 30): the page's utm parameters, else the tab's.
        source: visitSource(),
        applyForm: config,
        privacyNotice: notice ? { language: notice.language, version: notice.version } : undefined,
      }),
    // The configuration is the offer's: a new offer object brings a new one.
    [given, offer, companyId, baseURL, locale, referralCode, agentEmail],
  );
  // The cover letter file is the typed letter's alternative: the letter's level covers both.
  const required = (field: string) => field !== 'coverLetterFile' && fieldLevel(config, field) === 'required';
  const state = useStore(form.$form);
  const root = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => form.dispose(), [form]);
  useEffect(() => {
    if (autoFocus) root.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [autoFocus]);
  useEffect(() => {
    if (state.status === 'success') success.current?.focus();
  }, [state.status]);

  if (state.status === 'success') {
    return (
      <>
        <div ref={success} className="apply-success" role="status" tabIndex={-1} part="apply-success">
          {t('apply.success')}
        </div>
        {/* The steps continue here; the token goes in as a property (memory only), never an attribute. */}
        {state.stepsToken ? <rec-applicant-steps language={locale} api-base={baseURL} ref={(element) => {
              if (element) element.stepsToken = state.stepsToken;
            }} /> : null}
      </>
    );
  }

  const focusField = (field: string) => {
    const target = root.current?.querySelector<HTMLElement>(`#${idOf(field)}`) ?? root.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    target?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await form.submit();
    if (result.firstInvalid) focusField(result.firstInvalid);
  };

  const describedBy = (field: string, hint: boolean) => [hint ? `${idOf(field)}-hint` : '', state.errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorText = (field: string) => (
    <p id={`${idOf(field)}-error`} className="field-error" part="field-error" hidden={!state.errors[field]}>
      {message(t, state.errors[field])}
    </p>
  );
  const labelText = (field: string, key: string) => (
    <>
      {t(key)}
      {required(field) ? <span aria-hidden="true"> *</span> : null}
    </>
  );

  const renderField = (field: ApplicationFieldDefinition) => {
    const name = field.name;
    if (fieldLevel(config, name) === 'hidden') return null;
    const value = state.values[name];
    const invalid = !!state.errors[name];
    const hintKey = name === 'birthDate' ? 'apply.birthDateHint' : name === 'salary' ? 'apply.salaryHint' : null;
    const common = {
      id: idOf(name),
      name,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy(name, !!hintKey),
      'aria-required': required(name) || undefined,
      onBlur: () => form.blur(name),
    };
    const onText = (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value);
    let control: ReactElement;
    if (field.kind === 'checkboxes') {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset key={name} className={`field span-${span(field)}`} aria-describedby={describedBy(name, false)}>
          <legend>{labelText(name, 'apply.drivingLicenses')}</legend>
          <div className="checkbox-row">
            {/* "None" answers truthfully for a candidate without a licence (and stands alone). */}
            {[...(field.options ?? []), NONE_CHOICE].map((option) => (
              <label key={option} className="checkbox">
                <input
                  type="checkbox"
                  name={name}
                  value={option}
                  checked={selected.includes(option)}
                  onChange={(event) => form.setValue(name, toggleChoice(selected, option, event.currentTarget.checked))}
                />{' '}
                {option === NONE_CHOICE ? t('apply.drivingLicensesNone') : option}
              </label>
            ))}
          </div>
          {errorText(name)}
        </fieldset>
      );
    }
    if (field.kind === 'select') {
      const optionKey = name === 'gender' ? 'apply.genders' : 'apply.workPermit';
      control = (
        <select {...common} value={String(value ?? '')} onChange={onText}>
          <option value="">{t('apply.choose')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {t(`${optionKey}.${option}`)}
            </option>
          ))}
        </select>
      );
    } else if (field.kind === 'textarea') {
      control = <textarea {...common} rows={name === 'coverLetter' ? 6 : 2} autoComplete={field.autoComplete} value={String(value ?? '')} onChange={onText} />;
    } else {
      // The birth date is a text input: people type it their way; leaving it shows DD/MM/YYYY.
      const type = field.kind === 'date' ? 'text' : field.kind;
      control = (
        <input
          {...common}
          type={type}
          autoComplete={field.autoComplete}
          inputMode={field.kind === 'date' || name === 'salary' ? 'numeric' : undefined}
          value={String(value ?? '')}
          onChange={onText}
        />
      );
    }
    return (
      <div key={name} className={`field span-${span(field)}`}>
        <label htmlFor={idOf(name)}>{labelText(name, `apply.${name}`)}</label>
        {hintKey ? (
          <p id={`${idOf(name)}-hint`} className="field-hint">
            {t(hintKey)}
          </p>
        ) : null}
        {control}
        {errorText(name)}
        {name === 'coverLetter' ? fileInput('coverLetterFile', 'apply.coverLetterFile', 'apply.cvHint') : null}
      </div>
    );
  };

  const choose = (field: FileField, file: File | undefined) => void form.chooseFile(file, field).then(() => form.blur(field));

  /**
   * A file to upload (the CV, the cover letter as a file), with progress and a way to remove it.
   * The CV's is a drop zone around the same file input: a dropped file takes the input's way
   * (same checks), and the keyboard and screen readers still meet a plain file input.
   */
  function fileInput(field: FileField, labelKey: string, hintKey: string, dropZone = false) {
    const file = state.files[field];
    const input = (
      <input
        id={idOf(field)}
        name={field}
        type="file"
        accept={acceptAttribute(CV_EXTENSIONS)}
        required={required(field)}
        aria-invalid={!!state.errors[field] || undefined}
        aria-describedby={describedBy(field, true)}
        onChange={(event) => {
          choose(field, event.currentTarget.files?.[0]);
          // The same file may be chosen again after an error.
          event.currentTarget.value = '';
        }}
      />
    );
    // Progress, result and removal follow the input (inside the drop zone, where the file went).
    const status = (
      <>
          {file.status === 'uploading' ? <progress className="upload-progress" max={100} value={file.percent} aria-label={t('apply.uploading', { percent: file.percent })} /> : null}
          <p className="upload-status" role="status">
            {file.status === 'uploading' ? t('apply.uploading', { percent: file.percent }) : file.status === 'done' ? t('apply.uploaded', { name: file.name }) : ''}
          </p>
          {file.status === 'done' ? (
            <button type="button" className="rec-button rec-button-secondary" onClick={() => form.removeFile(field)}>
              {t('apply.removeFile')}
            </button>
          ) : null}
      </>
    );
    return (
      <>
        <label htmlFor={idOf(field)}>{labelText(field, labelKey)}</label>
        <p id={`${idOf(field)}-hint`} className="field-hint">
          {t(hintKey, { size: UPLOAD.defaultMaxMb })}
        </p>
        {dropZone ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the file input inside stays the keyboard's and screen reader's way.
          <div
            className={`drop-zone${dragging ? ' drop-zone-over' : ''}`}
            part="drop-zone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              choose(field, event.dataTransfer?.files[0]);
            }}
          >
            <span aria-hidden="true">{t('apply.dropHint')}</span>
            {input}
            {status}
          </div>
        ) : (
          <>
            {input}
            {status}
          </>
        )}
        {errorText(field)}
      </>
    );
  }

  const submitting = state.status === 'submitting';
  const errorCount = Object.keys(state.errors).length;

  return (
    <form ref={root} className="apply-form" part="apply-form" noValidate onSubmit={onSubmit} aria-labelledby="rec-apply-form-title">
      <h3 id="rec-apply-form-title" className="apply-form-title">
        {t('apply.formTitle')}
      </h3>
      <p className="field-hint">{t('apply.requiredHint')}</p>
      {state.restored ? (
        <p className="apply-notice" role="status">
          {t('apply.draftRestored')}
        </p>
      ) : null}
      <div className="form-grid">
        {/* The CV first: most candidates have one ready, and it is what recruiters read first. */}
        {fieldLevel(config, 'cv') === 'hidden' ? null : <div className="field span-12">{fileInput('cv', 'apply.cv', 'apply.cvHint', true)}</div>}
        {APPLICATION_FIELDS.map(renderField)}
        <div className="field span-12 consent">
          <p className="privacy-title">{t('apply.privacyTitle')}</p>
          {notice && notice.language !== locale ? (
            <p className="field-hint privacy-language">{t('apply.privacyLanguage', { language: languageName(notice.language, locale) })}</p>
          ) : null}
          <p id="rec-apply-privacy" className="privacy-text" lang={notice?.language}>
            {notice?.text}
          </p>
          <label className="checkbox">
            <input
              id={idOf('gdprConsent')}
              type="checkbox"
              name="gdprConsent"
              checked={state.values.gdprConsent === true}
              aria-invalid={!!state.errors.gdprConsent || undefined}
              aria-required="true"
              aria-describedby={['rec-apply-privacy', state.errors.gdprConsent ? `${idOf('gdprConsent')}-error` : ''].filter(Boolean).join(' ')}
              onChange={(event) => form.setValue('gdprConsent', event.currentTarget.checked)}
            />{' '}
            {labelText('gdprConsent', 'apply.consent')}
          </label>
          {errorText('gdprConsent')}
        </div>
      </div>
      <div className="form-status" role="alert">
        {state.submitErrorKey ? t(state.submitErrorKey) : errorCount && state.status !== 'editing' ? t('apply.errorSummary') : ''}
      </div>
      <div aria-live="polite" className="rec-sr-only">
        {errorCount ? t('apply.errorSummary') : ''}
      </div>
      <button type="submit" id={idOf('submit')} className="rec-button apply-submit" part="apply-submit" disabled={submitting || state.files.cv.status === 'uploading' || state.files.coverLetterFile.status === 'uploading'}>
        {submitting ? t('apply.submitting') : t('apply.submit')}
      </button>
    </form>
  );
}
