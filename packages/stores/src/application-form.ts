import { type ApiClient, createApiClient, isApiError, submitApplication, uploadFile } from '@rec/api-client';
import { APPLICATION_FIELDS, APPLICATION_RULES } from '@rec/core/application';
import type { ApplicationSubmissionInput, UploadReference } from '@rec/core/application-schema';
import { checkUploadFile } from '@rec/core/files';
import { DEFAULT_LOCALE, ERROR_KEYS, FORM_VALIDATION_DEBOUNCE_MS, type Locale, UPLOAD } from '@rec/core';
import { type FieldValue, firstFailingRule, ruleMessage, validateForm } from '@rec/core/form-rules';
import { atom, type ReadableAtom } from 'nanostores';

/** A message to show: a translation key and its values. */
export interface FieldMessage {
  key: string;
  params: Record<string, unknown>;
}

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
  cv: CvState;
  status: 'editing' | 'submitting' | 'success' | 'error';
  /** Key of a submit failure that no field explains. */
  submitErrorKey: string | null;
  /** True when the values came back from a saved draft. */
  restored: boolean;
}

export interface ApplicationFormOptions {
  channelId: string;
  companyId: string;
  baseURL: string;
  locale: Locale;
  /** Hidden meta of spec §3: carried, never shown. */
  companyReferralCode?: string | undefined;
  agentEmail?: string | undefined;
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
  chooseFile(file: File | null | undefined): Promise<void>;
  removeFile(): void;
  /** Validates everything and submits; resolves to the first invalid field in form order, if any. */
  submit(): Promise<{ ok: boolean; firstInvalid?: string }>;
  /** Stops pending timers (the element was removed). */
  dispose(): void;
}

export const DRAFT_PREFIX = 'rec-apply-draft:';
/** Form order, for "focus the first invalid field". */
export const FIELD_ORDER = [...APPLICATION_FIELDS.map((field) => field.name), 'cv', 'gdprConsent'];

interface Draft {
  values: Record<string, FieldValue>;
  submissionId: string;
  cv: UploadReference | null;
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

function defaultStorage(): ApplicationFormOptions['storage'] {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy settings, sandboxed frame)
  }
}

/**
 * The apply form's state and rules, framework-free: values, per-field validation (spec §5: on
 * blur and change, 5 ms debounce, messages `errors.{rule}`), the CV upload with progress, a
 * draft in localStorage keyed by channel (never the file itself: only the reference the server
 * returned), and an idempotent submit (the submission id survives reloads with the draft).
 */
export function createApplicationForm(options: ApplicationFormOptions): ApplicationForm {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const draftKey = `${DRAFT_PREFIX}${options.channelId}`;
  const debounceMs = options.debounceMs ?? FORM_VALIDATION_DEBOUNCE_MS;
  const api: ApiClient = createApiClient({ baseURL: options.baseURL, getLocale: () => options.locale ?? DEFAULT_LOCALE, retry: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const upload =
    options.upload ??
    ((file: File, onProgress: (percent: number) => void) =>
      uploadFile(options.baseURL, file, { companyId: options.companyId, channelId: options.channelId, onProgress }));

  const draft = readDraft();
  let submissionId = draft?.submissionId ?? newSubmissionId();
  const $form = atom<ApplicationFormState>({
    values: { ...emptyValues(), ...(draft?.values ?? {}), gdprConsent: false },
    errors: {},
    cv: draft?.cv ? { ...EMPTY_CV, status: 'done', percent: 100, name: draft.cv.name, reference: draft.cv } : EMPTY_CV,
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
      const cv = parsed.cv && typeof parsed.cv.url === 'string' && typeof parsed.cv.name === 'string' ? { url: parsed.cv.url, name: parsed.cv.name } : null;
      return { values, submissionId: parsed.submissionId, cv };
    } catch {
      return null;
    }
  }

  function saveDraft(): void {
    const { values, cv } = $form.get();
    const { gdprConsent: _consent, ...kept } = values;
    try {
      storage?.setItem(draftKey, JSON.stringify({ values: kept, submissionId, cv: cv.reference } satisfies Draft));
    } catch {
      // A full or disabled storage only costs the draft.
    }
  }

  function fieldValues(state = $form.get()): Record<string, FieldValue> {
    return { ...state.values, cv: state.cv.reference?.url ?? '' };
  }

  function validateField(field: string): void {
    const rules = APPLICATION_RULES[field];
    if (!rules) return;
    const state = $form.get();
    const failed = firstFailingRule(rules, fieldValues(state)[field], fieldValues(state));
    const errors = { ...state.errors };
    if (failed) errors[field] = ruleMessage(failed);
    else delete errors[field];
    // The CV's own upload problems stay until another file is chosen.
    if (field === 'cv' && state.cv.error) errors.cv = state.cv.error;
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

  return {
    $form,
    setValue(field, value) {
      const state = $form.get();
      $form.set({ ...state, values: { ...state.values, [field]: value }, status: state.status === 'success' ? 'success' : 'editing' });
      saveDraft();
      scheduleValidation(field);
    },
    blur(field) {
      scheduleValidation(field);
    },
    async chooseFile(file) {
      if (!file) return;
      const problem = checkUploadFile(file, 'CV', UPLOAD.defaultMaxMb);
      const state = $form.get();
      if (problem) {
        const error = { key: problem.key, params: problem.params };
        $form.set({ ...state, cv: { ...EMPTY_CV, name: file.name, status: 'error', error }, errors: { ...state.errors, cv: error } });
        saveDraft();
        return;
      }
      const errors = { ...state.errors };
      delete errors.cv;
      $form.set({ ...state, errors, cv: { ...EMPTY_CV, status: 'uploading', name: file.name } });
      try {
        const reference = await upload(file, (percent) => {
          const now = $form.get();
          if (now.cv.status === 'uploading' && now.cv.name === file.name) $form.set({ ...now, cv: { ...now.cv, percent } });
        });
        const now = $form.get();
        $form.set({ ...now, cv: { ...EMPTY_CV, status: 'done', percent: 100, name: file.name, reference } });
        saveDraft();
      } catch (error) {
        const key = isApiError(error) && error.status ? error.key : 'apply.uploadFailed';
        const message = { key: key === ERROR_KEYS.generic ? 'apply.uploadFailed' : key, params: {} };
        const now = $form.get();
        $form.set({ ...now, cv: { ...EMPTY_CV, status: 'error', name: file.name, error: message }, errors: { ...now.errors, cv: message } });
      }
    },
    removeFile() {
      const state = $form.get();
      const errors = { ...state.errors };
      delete errors.cv;
      $form.set({ ...state, cv: EMPTY_CV, errors });
      saveDraft();
    },
    async submit() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      const state = $form.get();
      if (state.status === 'submitting' || state.cv.status === 'uploading') return { ok: false };
      const failures = validateForm(APPLICATION_RULES, fieldValues(state));
      const errors: Record<string, FieldMessage> = Object.fromEntries(Object.entries(failures).map(([field, rule]) => [field, ruleMessage(rule)]));
      if (state.cv.error && !errors.cv) errors.cv = state.cv.error;
      const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
      if (firstInvalid) {
        $form.set({ ...state, errors, status: 'editing', submitErrorKey: null });
        return { ok: false, firstInvalid };
      }
      $form.set({ ...state, errors: {}, status: 'submitting', submitErrorKey: null });
      const { values } = state;
      const text = (name: string) => String(values[name] ?? '').trim();
      const body: ApplicationSubmissionInput = {
        submissionId,
        language: options.locale,
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        nationality: text('nationality'),
        phone: text('phone'),
        birthDate: text('birthDate'),
        gender: text('gender'),
        address: text('address'),
        salary: text('salary'),
        drivingLicenses: [...((values.drivingLicenses as string[] | undefined) ?? [])] as ApplicationSubmissionInput['drivingLicenses'],
        hasWorkPermit: text('hasWorkPermit') as ApplicationSubmissionInput['hasWorkPermit'],
        agentEmail: options.agentEmail ?? '',
        companyReferralCode: options.companyReferralCode ?? '',
        cv: state.cv.reference as UploadReference,
        gdprConsent: true,
      };
      try {
        await submitApplication(api, options.channelId, body);
        try {
          storage?.removeItem(draftKey);
        } catch {
          // nothing to clean
        }
        submissionId = newSubmissionId();
        $form.set({ ...$form.get(), status: 'success' });
        return { ok: true };
      } catch (error) {
        const fieldErrors: Record<string, FieldMessage> = {};
        if (isApiError(error)) for (const [field, key] of Object.entries(error.fields)) fieldErrors[field] = { key, params: {} };
        // An upload the server no longer accepts must be chosen again.
        const cv = fieldErrors.cv ? { ...EMPTY_CV, status: 'error' as const, error: fieldErrors.cv } : $form.get().cv;
        const first = FIELD_ORDER.find((field) => fieldErrors[field]);
        $form.set({ ...$form.get(), cv, errors: fieldErrors, status: 'error', submitErrorKey: first ? null : 'apply.submitFailed' });
        if (fieldErrors.cv) saveDraft();
        return first ? { ok: false, firstInvalid: first } : { ok: false };
      }
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
