import { type ApiClient, createApiClient, isApiError, submitApplication } from '@rec/api-client';
import { APPLICATION_FIELDS, applicationRules } from '@rec/core/application';
import { type ApplyFormConfig, applyFormOf } from '@rec/core/apply-form';
import type { ApplicationSubmissionInput, UploadReference } from '@rec/core/application-schema';
import type { ApplicationSource } from '@rec/core/application-source';
import { CV_EXTENSIONS, checkUploadFile } from '@rec/core/files';
import { DEFAULT_LOCALE, ERROR_KEYS, FORM_VALIDATION_DEBOUNCE_MS, type Locale, type ShownPrivacyNotice, UPLOAD } from '@rec/core';
import { type FieldValue, firstFailingRule, normalizeFormDate, ruleMessage, validateForm } from '@rec/core/form-rules';
import { atom, type ReadableAtom } from 'nanostores';

/** A message to show: a translation key and its values. */
export interface FieldMessage {
  key: string;
  params: Record<string, unknown>;
}

/** A file field's upload: the CV or the cover letter file. */
export interface CvState {
  status: 'empty' | 'uploading' | 'done' | 'error';
  percent: number;
  name: string;
  reference: UploadReference | null;
  error: FieldMessage | null;
}

export interface ApplicationFormState {
  /** Every form field (strings; drivingLicenses a list; gdprConsent a boolean). */
  values: Record<string, FieldValue>;
  errors: Record<string, FieldMessage>;
  /** The file fields the opening's form asks: `cv`, `coverLetterFile`. */
  files: Record<FileField, CvState>;
  status: 'editing' | 'submitting' | 'success' | 'error';
  /** Key of a submit failure that no field explains. */
  submitErrorKey: string | null;
  /** True when the values came back from a saved draft. */
  restored: boolean;
  /** After success: the apply answer's bearer token for the steps (memory only, never in the draft). */
  stepsToken?: string | undefined;
}

export interface ApplicationFormOptions {
  channelId: string;
  companyId: string;
  baseURL: string;
  locale: Locale;
  /** Which fields the opening asks (the offer's `applyForm`; absent: the defaults). */
  applyForm?: Partial<ApplyFormConfig> | undefined;
  /** The privacy notice the form shows above the consent box: sent along, so its text is what is stored. */
  privacyNotice?: ShownPrivacyNotice | undefined;
  /** Hidden meta of spec §3: carried, never shown. */
  companyReferralCode?: string | undefined;
  agentEmail?: string | undefined;
  /** The campaign and referring page of the visit (issue 30), cleaned by `visitSource`. */
  source?: ApplicationSource | undefined;
  /** Where the draft is kept (default localStorage; null keeps none). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: typeof globalThis.fetch;
  /** Tests replace the upload (default: XMLHttpRequest to /v2/storage). */
  upload?: (file: File, onProgress: (percent: number) => void) => Promise<UploadReference>;
  debounceMs?: number;
}

export interface ApplicationForm {
  readonly $form: ReadableAtom<ApplicationFormState>;
  setValue(field: string, value: FieldValue): void;
  /** Validates a field when it loses focus. */
  blur(field: string): void;
  chooseFile(file: File | null | undefined, field?: FileField): Promise<void>;
  removeFile(field?: FileField): void;
  /** Validates everything and submits; resolves to the first invalid field in form order, if any. */
  submit(): Promise<{ ok: boolean; firstInvalid?: string }>;
  /** Stops pending timers (the element was removed). */
  dispose(): void;
}

export const DRAFT_PREFIX = 'rec-apply-draft:';
export type FileField = 'cv' | 'coverLetterFile';
const FILE_FIELDS: readonly FileField[] = ['cv', 'coverLetterFile'];
/** Form order, for "focus the first invalid field": the CV comes first (issue 25), as the form shows it. */
export const FIELD_ORDER = ['cv', ...APPLICATION_FIELDS.map((field) => field.name), 'coverLetterFile', 'gdprConsent'];

interface Draft {
  values: Record<string, FieldValue>;
  submissionId: string;
  files: Partial<Record<FileField, UploadReference | null>>;
}

function newSubmissionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function emptyValues(): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = Object.fromEntries(APPLICATION_FIELDS.map((field) => [field.name, field.kind === 'checkboxes' ? [] : '']));
  values.gdprConsent = false;
  return values;
}

const EMPTY_CV: CvState = { status: 'empty', percent: 0, name: '', reference: null, error: null };
const fileState = (reference: UploadReference | null | undefined): CvState =>
  reference ? { ...EMPTY_CV, status: 'done', percent: 100, name: reference.name, reference } : EMPTY_CV;

function defaultStorage(): ApplicationFormOptions['storage'] {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy settings, sandboxed frame)
  }
}

/**
 * The apply form's state and rules, framework-free: values, per-field validation (spec §5: on
 * blur and change, 5 ms debounce, messages `errors.{rule}`), the CV and cover letter uploads with
 * progress, a draft in localStorage keyed by channel (never the files themselves: only the
 * references the server returned), and an idempotent submit (the submission id survives reloads
 * with the draft). Only the fields the opening asks are validated and sent (issue 9).
 */
export function createApplicationForm(options: ApplicationFormOptions): ApplicationForm {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const draftKey = `${DRAFT_PREFIX}${options.channelId}`;
  const debounceMs = options.debounceMs ?? FORM_VALIDATION_DEBOUNCE_MS;
  const rules = applicationRules(applyFormOf(options.applyForm));
  const api: ApiClient = createApiClient({ baseURL: options.baseURL, getLocale: () => options.locale ?? DEFAULT_LOCALE, retry: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const upload =
    options.upload ??
    ((file: File, onProgress: (percent: number) => void) =>
      // Loaded when a file is chosen: many candidates send none (issue 9: the CV is optional by default).
      import('@rec/api-client/upload').then(({ uploadFile }) =>
        uploadFile(options.baseURL, file, { companyId: options.companyId, channelId: options.channelId, onProgress }),
      ));

  const draft = readDraft();
  let submissionId = draft?.submissionId ?? newSubmissionId();
  const $form = atom<ApplicationFormState>({
    values: { ...emptyValues(), ...(draft?.values ?? {}), gdprConsent: false },
    errors: {},
    files: { cv: fileState(draft?.files.cv), coverLetterFile: fileState(draft?.files.coverLetterFile) },
    status: 'editing',
    submitErrorKey: null,
    restored: !!draft,
  });
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function readDraft(): Draft | null {
    try {
      const text = storage?.getItem(draftKey);
      if (!text) return null;
      const parsed = JSON.parse(text) as Partial<Draft>;
      if (!parsed || typeof parsed !== 'object' || typeof parsed.submissionId !== 'string' || !parsed.values) return null;
      // Only known fields of the expected types come back.
      const values: Record<string, FieldValue> = {};
      for (const field of APPLICATION_FIELDS) {
        const value = (parsed.values as Record<string, unknown>)[field.name];
        if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) values[field.name] = value;
      }
      const files: Draft['files'] = {};
      for (const field of FILE_FIELDS) {
        const file = parsed.files?.[field];
        if (file && typeof file.url === 'string' && typeof file.name === 'string') files[field] = { url: file.url, name: file.name };
      }
      return { values, submissionId: parsed.submissionId, files };
    } catch {
      return null;
    }
  }

  function saveDraft(): void {
    const { values, files } = $form.get();
    const { gdprConsent: _consent, ...kept } = values;
    try {
      storage?.setItem(draftKey, JSON.stringify({ values: kept, submissionId, files: { cv: files.cv.reference, coverLetterFile: files.coverLetterFile.reference } } satisfies Draft));
    } catch {
      // A full or disabled storage only costs the draft.
    }
  }

  /** What the rules check: the values, the CV's reference, and a cover letter typed or sent as a file. */
  function fieldValues(state = $form.get()): Record<string, FieldValue> {
    return { ...state.values, cv: state.files.cv.reference?.url, coverLetter: String(state.values.coverLetter).trim() || state.files.coverLetterFile.reference?.url };
  }

  /** A field's error: its file's own upload problem (it stays until another file is chosen), else its first failing rule. */
  function errorOf(field: string, state: ApplicationFormState): FieldMessage | undefined {
    const failed = rules[field] && firstFailingRule(rules[field], fieldValues(state)[field], fieldValues(state));
    return state.files[field as FileField]?.error ?? (failed ? ruleMessage(failed) : undefined);
  }

  function validateField(field: string): void {
    const state = $form.get();
    const errors = { ...state.errors };
    const error = errorOf(field, state);
    if (error) errors[field] = error;
    else delete errors[field];
    $form.set({ ...state, errors });
  }

  function scheduleValidation(field: string): void {
    clearTimeout(timers.get(field));
    timers.set(
      field,
      setTimeout(() => {
        timers.delete(field);
        validateField(field);
      }, debounceMs),
    );
  }

  function setFile(field: FileField, file: CvState, error?: FieldMessage | null): void {
    const now = $form.get();
    const errors = { ...now.errors };
    if (error) errors[field] = error;
    else if (error === null) delete errors[field];
    $form.set({ ...now, files: { ...now.files, [field]: file }, errors });
  }

  const form: ApplicationForm = {
    $form,
    setValue(field, value) {
      const state = $form.get();
      $form.set({ ...state, values: { ...state.values, [field]: value }, status: state.status === 'success' ? 'success' : 'editing' });
      saveDraft();
      scheduleValidation(field);
    },
    blur(field) {
      // A typed date is shown as DD/MM/YYYY once the field is left (spec §5).
      const value = $form.get().values[field];
      if (field === 'birthDate' && typeof value === 'string' && normalizeFormDate(value) !== value) form.setValue(field, normalizeFormDate(value));
      scheduleValidation(field);
      // The cover letter is typed or a file: either one answers it.
      if (field === 'coverLetterFile') scheduleValidation('coverLetter');
    },
    async chooseFile(file, field = 'cv') {
      if (!file) return;
      const problem = checkUploadFile(file, CV_EXTENSIONS, UPLOAD.defaultMaxMb);
      if (problem) {
        const error = { key: problem.key, params: problem.params };
        setFile(field, { ...EMPTY_CV, name: file.name, status: 'error', error }, error);
        saveDraft();
        return;
      }
      setFile(field, { ...EMPTY_CV, status: 'uploading', name: file.name }, null);
      try {
        const reference = await upload(file, (percent) => {
          const now = $form.get().files[field];
          if (now.status === 'uploading' && now.name === file.name) setFile(field, { ...now, percent });
        });
        setFile(field, { ...fileState(reference), name: file.name });
        saveDraft();
      } catch (error) {
        const key = isApiError(error) && error.status ? error.key : 'apply.uploadFailed';
        const message = { key: key === ERROR_KEYS.generic ? 'apply.uploadFailed' : key, params: {} };
        setFile(field, { ...EMPTY_CV, status: 'error', name: file.name, error: message }, message);
      }
    },
    removeFile(field = 'cv') {
      setFile(field, EMPTY_CV, null);
      saveDraft();
    },
    async submit() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      const state = $form.get();
      if (state.status === 'submitting' || FILE_FIELDS.some((field) => state.files[field].status === 'uploading')) return { ok: false };
      const errors: Record<string, FieldMessage> = Object.fromEntries(
        Object.entries(validateForm(rules, fieldValues(state))).map(([field, rule]) => [field, ruleMessage(rule)]),
      );
      for (const field of FILE_FIELDS) {
        const error = state.files[field].error;
        if (error && !errors[field]) errors[field] = error;
      }
      const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
      if (firstInvalid) {
        $form.set({ ...state, errors, status: 'editing', submitErrorKey: null });
        return { ok: false, firstInvalid };
      }
      $form.set({ ...state, errors: {}, status: 'submitting', submitErrorKey: null });
      // Only the fields the opening asks are sent; the server ignores any other.
      const body: Record<string, unknown> = {
        submissionId,
        language: options.locale,
        agentEmail: options.agentEmail ?? '',
        companyReferralCode: options.companyReferralCode ?? '',
        gdprConsent: true,
        ...(options.privacyNotice ? { privacyNotice: options.privacyNotice } : {}),
        ...(options.source ? { source: options.source } : {}),
      };
      for (const field of APPLICATION_FIELDS) {
        if (!rules[field.name]) continue;
        const value = state.values[field.name];
        body[field.name] = Array.isArray(value) ? [...value] : String(value ?? '').trim();
      }
      // A file of a field the opening hides (an old draft) is dropped by the server.
      for (const field of FILE_FIELDS) if (state.files[field].reference) body[field] = state.files[field].reference;
      try {
        const receipt = await submitApplication(api, options.channelId, body as ApplicationSubmissionInput);
        try {
          storage?.removeItem(draftKey);
        } catch {
          // nothing to clean
        }
        submissionId = newSubmissionId();
        $form.set({ ...$form.get(), status: 'success', stepsToken: receipt.stepsToken });
        return { ok: true };
      } catch (error) {
        const fieldErrors: Record<string, FieldMessage> = {};
        if (isApiError(error)) for (const [field, key] of Object.entries(error.fields)) fieldErrors[field] = { key, params: {} };
        // An upload the server no longer accepts must be chosen again.
        const files = { ...$form.get().files };
        for (const field of FILE_FIELDS) {
          const fieldError = fieldErrors[field];
          if (fieldError) files[field] = { ...EMPTY_CV, status: 'error', error: fieldError };
        }
        const first = FIELD_ORDER.find((field) => fieldErrors[field]);
        $form.set({ ...$form.get(), files, errors: fieldErrors, status: 'error', submitErrorKey: first ? null : 'apply.submitFailed' });
        if (first) saveDraft();
        return first ? { ok: false, firstInvalid: first } : { ok: false };
      }
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
  return form;
}
