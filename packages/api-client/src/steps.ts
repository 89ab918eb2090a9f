import type { ApplicantApplication, CompleteStepAnswer, FormAnswers, NextStepAnswer, Process, StepStatus } from '@rec/core/steps';
import type { ApiClient } from './client';

/** The questionnaire of an assessment step (item texts are translation keys `steps.items.<id>`). */
export interface AssessmentContent {
  kind: 'likert' | 'choice';
  items: Array<{ id: string; options?: number[]; sequence?: number[] }>;
  timeLimitSeconds?: number;
  startedAt?: string;
  status: StepStatus;
}

/**
 * The step flow's calls (spec §7). With `token` (the embedded flow's bearer token, kept in
 * memory only) every call carries it; without, the applicant's session cookie does the work.
 */
export function stepsApi(api: ApiClient, token?: string) {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const options = headers ? { headers } : {};
  const step = (id: string, action: string) => `/v2/application-steps/${encodeURIComponent(id)}/${action}`;
  return {
    next: () => api.get<NextStepAnswer>('/v2/application-steps/next', options),
    complete: (id: string, body: { answers?: FormAnswers; shareResult?: boolean } = {}) => api.post<CompleteStepAnswer>(step(id, 'complete'), body, options),
    start: (id: string) => api.post<{ status: StepStatus }>(step(id, 'start'), {}, options),
    relayConsent: (id: string) => api.post<{ status: StepStatus }>(step(id, 'relay-consent'), { consent: true }, options),
    assessment: (id: string) => api.post<AssessmentContent>(step(id, 'assessment'), {}, options),
    answerAssessment: (id: string, answers: Record<string, number>) => api.post<{ status: StepStatus }>(step(id, 'assessment/answers'), { answers }, options),
    /** The interview: a new attempt at a question, where its upload stands, a chunk at an offset, keep it. */
    startAttempt: (id: string, questionId: string) =>
      api.post<{ attempt: number; received: number; retakesLeft: number }>(step(id, `interview/${encodeURIComponent(questionId)}/attempts`), {}, options),
    attemptStatus: (id: string, questionId: string, attempt: number) =>
      api.get<{ received: number; finished: boolean }>(step(id, `interview/${encodeURIComponent(questionId)}/attempts/${attempt}`), options),
    putChunk: (id: string, questionId: string, attempt: number, offset: number, bytes: Blob) =>
      api.put<{ received: number }>(step(id, `interview/${encodeURIComponent(questionId)}/attempts/${attempt}`), bytes, {
        query: { offset },
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      }),
    finishAttempt: (id: string, questionId: string, attempt: number) =>
      api.post<{ answered: Record<string, number> }>(step(id, `interview/${encodeURIComponent(questionId)}/attempts/${attempt}/finish`), {}, options),
    /** A file for a file question of the form (multipart `file`). */
    uploadFormFile: (id: string, questionId: string, file: Blob & { name: string }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<{ fileId: string; name: string }>(step(id, 'files'), body, { ...options, query: { questionId } });
    },
    application: () => api.get<ApplicantApplication>('/v2/applicants/application', options),
    login: (applicationId: string) => api.post<{ _applicantId: string }>('/v2/applicants/login', { _applicantId: applicationId }),
  };
}
export type StepsApi = ReturnType<typeof stepsApi>;

/** The recruiter's process of an opening (the wizard's "Steps" section). */
export function fetchOpeningProcess(api: ApiClient, openingId: string): Promise<Process> {
  return api.get<Process>(`/v2/jobs/${encodeURIComponent(openingId)}/process`);
}

export function saveOpeningProcess(api: ApiClient, openingId: string, process: Process): Promise<Process> {
  return api.put<Process>(`/v2/jobs/${encodeURIComponent(openingId)}/process`, process);
}
