import { ERROR_KEYS } from '@rec/core';
import { STEP_ERROR_KEYS } from '@rec/core/steps';
import { HttpError } from '../../http/errors';
import type { InterviewRepository } from './repository';
import type { StepAccess, StepService } from './service';
import { type VideoStorage, videoTypeOf } from './video-storage';

/** One answer may not exceed this (ten minutes of 720p WebM is far below). */
export const MAX_ANSWER_BYTES = 200 * 1024 * 1024;
/** The largest chunk one request carries. */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;

export type InterviewService = ReturnType<typeof createInterviewService>;

/**
 * The one-way video interview's uploads: each question allows 1 + retakes attempts; an attempt
 * is a file that grows chunk by chunk while the candidate records (the stored size is the
 * truth, so after a network drop the client asks where to resume), and is checked by its magic
 * bytes (WebM or MP4) when the candidate keeps it.
 */
export function createInterviewService(deps: { steps: StepService; repository: InterviewRepository; storage: VideoStorage }) {
  const { steps, repository, storage } = deps;

  async function questionOf(access: StepAccess, stepId: string, questionId: string) {
    const current = await steps.currentInterview(access, stepId);
    if (!current.config.questions.some((question) => question.id === questionId)) throw new HttpError(404, STEP_ERROR_KEYS.notFound);
    return current;
  }

  async function attemptOf(access: StepAccess, stepId: string, questionId: string, attempt: number) {
    const current = await questionOf(access, stepId, questionId);
    const row = (await repository.attempts(current.ref.companyId, stepId, questionId)).find((item) => item.attempt === attempt);
    if (!row) throw new HttpError(404, STEP_ERROR_KEYS.notFound);
    return { ...current, row };
  }

  return {
    /** A new attempt at a question (the first, or a retake while some are left). */
    async startAttempt(access: StepAccess, stepId: string, questionId: string) {
      const { ref, config } = await questionOf(access, stepId, questionId);
      const attempts = await repository.attempts(ref.companyId, stepId, questionId);
      if (attempts.length >= config.retakes + 1) throw new HttpError(409, STEP_ERROR_KEYS.retakesUsed);
      // An attempt is a file of the application: its bound counts it (issue 24, H2).
      await steps.requireApplicationRoom(ref, 0, true);
      const attempt = attempts.length + 1;
      const key = await storage.create(ref.companyId);
      if (!(await repository.insertAttempt({ company_id: ref.companyId, step_id: stepId, question_id: questionId, attempt, storage_key: key }))) {
        await storage.remove(key);
        throw new HttpError(409, STEP_ERROR_KEYS.invalidTransition);
      }
      return { attempt, received: 0, retakesLeft: config.retakes + 1 - attempt };
    },

    /** Where a resumed upload continues. */
    async status(access: StepAccess, stepId: string, questionId: string, attempt: number) {
      const { row } = await attemptOf(access, stepId, questionId, attempt);
      return { received: await storage.size(row.storage_key), finished: row.finished };
    },

    /** Before a chunk's body is read (the upload guard): the attempt is the candidate's, open, and the application has room for `bytes`. */
    async admitChunk(access: StepAccess, stepId: string, questionId: string, attempt: number, bytes: number) {
      const { ref, row } = await attemptOf(access, stepId, questionId, attempt);
      if (row.finished) throw new HttpError(409, STEP_ERROR_KEYS.invalidTransition);
      if (row.received + bytes > MAX_ANSWER_BYTES) throw new HttpError(413, ERROR_KEYS.payloadTooLarge);
      await steps.requireApplicationRoom(ref, bytes, false);
    },

    /** Appends a chunk written at `offset`; any other offset is 409 (the client asks for the status and resumes). */
    async appendChunk(access: StepAccess, stepId: string, questionId: string, attempt: number, offset: number, bytes: Buffer) {
      const { ref, row } = await attemptOf(access, stepId, questionId, attempt);
      if (row.finished) throw new HttpError(409, STEP_ERROR_KEYS.invalidTransition);
      await steps.requireApplicationRoom(ref, bytes.length, false);
      const received = await storage.size(row.storage_key);
      if (offset !== received) throw new HttpError(409, STEP_ERROR_KEYS.uploadOffset);
      if (received + bytes.length > MAX_ANSWER_BYTES) throw new HttpError(413, ERROR_KEYS.payloadTooLarge);
      await storage.append(row.storage_key, bytes);
      await repository.setReceived(ref.companyId, stepId, questionId, attempt, received + bytes.length);
      return { received: received + bytes.length };
    },

    /** Keeps the attempt as the question's answer once its bytes prove a WebM or MP4 video. */
    async finish(access: StepAccess, stepId: string, questionId: string, attempt: number) {
      const { ref, step, row } = await attemptOf(access, stepId, questionId, attempt);
      const type = videoTypeOf(await storage.head(row.storage_key, 16));
      if (!type) throw new HttpError(415, STEP_ERROR_KEYS.badVideo);
      await repository.finish(ref.companyId, stepId, questionId, attempt, type);
      const answered = { ...((step.progress.answered ?? {}) as Record<string, number>), [questionId]: attempt };
      await steps.saveProgress(ref.companyId, stepId, { ...step.progress, answered });
      return { answered };
    },
  };
}
