import {
  type AssessmentView,
  type CandidateNote,
  type CandidateNotes,
  type CandidateReview,
  type FormAnswerView,
  type InterviewAnswerView,
  type Person,
  type TimelineEntry,
  candidatePagePath,
  mentionedIn,
} from '@rec/core/candidate-review';
import { ERROR_KEYS, hasPermission, type LocalizedText, PERMISSIONS } from '@rec/core';
import { type ApplicationSource, cleanApplicationSource } from '@rec/core/application-source';
import { isAssessmentProduct } from '@rec/core/steps';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { applicantResource } from '../applicants/fields';
import type { DomainEvents } from '../domain-events/domain-events';
import type { CandidateReviewRepository, NoteRow, ReviewRow, StepRowView } from './repository';

/** The campaign field of a review's source: absent for a visit without one (older applications, direct visits). */
const withCampaign = (campaign: ApplicationSource | undefined) => (campaign ? { campaign } : {});

export type CandidateReviewService = ReturnType<typeof createCandidateReviewService>;

type Json = Record<string, unknown>;

/** Who a note mentioned: mailed after the answer (never with the note's text: only the link). */
export interface MentionNotice {
  /** Whose preferences decide whether the mail goes (issue 13). */
  companyId: string;
  accountId: string;
  to: string;
  language: string | undefined;
  author: string;
  candidate: string;
  opening: string;
  link: string;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter((part) => part?.trim()).join(' ');

/** The translated text of a choice id among a question's choices. */
function choiceLabel(config: Json, choiceId: string): LocalizedText | undefined {
  const choices = (config.choices ?? []) as Array<{ id: string; label: LocalizedText }>;
  return choices.find((choice) => choice.id === choiceId)?.label;
}

function formAnswers(step: StepRowView): FormAnswerView[] {
  const questions = ((step.config.questions ?? []) as Json[]).filter((question) => typeof question.id === 'string');
  const answers = (step.progress.answers ?? {}) as Record<string, unknown>;
  return questions.map((question) => {
    const id = question.id as string;
    const answer = answers[id];
    const view: FormAnswerView = { questionId: id, label: (question.label ?? {}) as LocalizedText, type: String(question.type), answer: null };
    if (typeof answer === 'string') {
      const label = question.type === 'singleChoice' ? choiceLabel(question, answer) : undefined;
      if (label) view.choices = [label];
      else view.answer = answer;
    } else if (Array.isArray(answer)) {
      view.choices = answer.flatMap((item) => (typeof item === 'string' ? [choiceLabel(question, item) ?? { en: item }] : []));
    } else if (answer && typeof answer === 'object' && typeof (answer as { name?: unknown }).name === 'string') {
      view.answer = (answer as { name: string }).name;
    }
    return view;
  });
}

/**
 * An assessment's status, and its result for a reader with CANDIDATES:SENSITIVE:READ: personality and
 * ability scores are special-category content like the CV (issue 26), so a viewer sees that a result
 * exists, never the result.
 */
function assessment(step: StepRowView, sensitive: boolean): AssessmentView | null {
  if (!isAssessmentProduct(step.product)) return null;
  const view: AssessmentView = { product: step.product, status: step.status };
  // A result is the company's only once the candidate allowed sharing it (DONE).
  if (step.status !== 'DONE' || !step.result) return view;
  if (!sensitive) return { ...view, restricted: true };
  const { scores, correct, total, inTime } = step.result as { scores?: Record<string, number>; correct?: number; total?: number; inTime?: boolean };
  if (scores) view.scores = scores;
  if (typeof correct === 'number') Object.assign(view, { correct, total, inTime });
  return view;
}

export function createCandidateReviewService(deps: {
  repository: CandidateReviewRepository;
  events: DomainEvents;
  publicUrl: string;
  /** Called after a note is stored, once per mentioned colleague. */
  notifyMention: (notice: MentionNotice) => void;
}) {
  const { repository } = deps;

  async function applicationOf(auth: AuthContext, openingId: string, candidateId: string): Promise<ReviewRow> {
    const row = await repository.application(tenantOf(auth), openingId, candidateId);
    if (!row) throw new HttpError(404, ERROR_KEYS.candidateNotFound);
    return row;
  }

  async function people(companyId: string): Promise<Map<string, Person & { email: string; language: string | null; role: string | null }>> {
    const rows = await repository.recruiters(companyId);
    return new Map(rows.map((row) => [row.id, { _id: row.id, name: fullName(row.first_name, row.last_name) || row.email, email: row.email, language: row.language, role: row.company_role }]));
  }

  const person = (known: Map<string, Person>, id: string): Person => {
    const found = known.get(id);
    // A removed colleague's notes stay, without a name to show.
    return found ? { _id: found._id, name: found.name } : { _id: id, name: '' };
  };

  function noteView(row: NoteRow, known: Map<string, Person>): CandidateNote {
    return {
      _id: row.id,
      text: row.text,
      author: person(known, row.author_id),
      mentions: (row.mentions ?? []).map((id) => person(known, id)),
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** Applied, steps finished, stage changes (who, a rejection's reason), notes, mails: oldest first. */
  async function timeline(companyId: string, row: ReviewRow, steps: StepRowView[], notes: NoteRow[], known: Map<string, Person>): Promise<TimelineEntry[]> {
    const entries: TimelineEntry[] = [{ kind: 'applied', at: new Date(row.created_at).toISOString(), actor: null, detail: row.channel_kind }];
    for (const step of steps) {
      if (step.finished_at) entries.push({ kind: 'stepFinished', at: new Date(step.finished_at).toISOString(), actor: null, detail: step.product });
    }
    const [events, mails] = await Promise.all([repository.stageEvents(companyId, row.id), repository.mails(companyId, row.id)]);
    for (const event of events) {
      const entry: TimelineEntry = { kind: 'stage', at: new Date(event.entered_at).toISOString(), actor: event.actor_id ? person(known, event.actor_id) : null, detail: event.stage };
      if (event.reason) entry.reason = event.reason;
      entries.push(entry);
    }
    for (const mail of mails) {
      entries.push({ kind: 'mail', at: new Date(mail.sent_at).toISOString(), actor: mail.actor_id ? person(known, mail.actor_id) : null, detail: mail.kind });
    }
    for (const note of notes) {
      entries.push({ kind: 'note', at: new Date(note.created_at).toISOString(), actor: person(known, note.author_id), detail: note.id });
    }
    return entries.sort((a, b) => a.at.localeCompare(b.at));
  }

  return {
    async review(auth: AuthContext, openingId: string, candidateId: string): Promise<CandidateReview> {
      const companyId = tenantOf(auth);
      const row = await applicationOf(auth, openingId, candidateId);
      const sensitive = hasPermission(auth.permissions, PERMISSIONS.candidatesSensitiveRead);
      const [steps, answers, neighbours, notes, known] = await Promise.all([
        repository.steps(companyId, row.id),
        repository.interviewAnswers(companyId, row.id),
        repository.neighbours(companyId, openingId, row.id),
        repository.notes(companyId, row.id),
        people(companyId),
      ]);
      const base = `/v2/recruiter/openings/${openingId}/candidates/${candidateId}`;
      const interviewAnswers: InterviewAnswerView[] = [];
      for (const step of steps.filter((item) => item.product === 'interview')) {
        const kept = (step.progress.answered ?? {}) as Record<string, number>;
        for (const question of (step.config.questions ?? []) as Array<{ id: string; text: LocalizedText }>) {
          const answer = answers.find((item) => item.step_id === step.id && item.question_id === question.id && item.attempt === kept[question.id]);
          interviewAnswers.push({
            stepId: step.id,
            questionId: question.id,
            question: question.text,
            // A recorded answer shows a person (special-category content): watched only with CANDIDATES:SENSITIVE:READ, like the CV.
            video: answer && sensitive ? { url: `${base}/interview-answers/${step.id}/${question.id}/video`, contentType: answer.content_type ?? 'video/webm' } : null,
            ...(answer && !sensitive ? { restricted: true as const } : {}),
          });
        }
      }
      const file = (name: string | null, uploadId: string | null, contentType: string | null, kind: 'cv' | 'cover-letter') =>
        name
          ? {
              name,
              contentType: contentType ?? '',
              viewUrl: sensitive && uploadId ? `${base}/files/${kind}` : null,
              downloadUrl: sensitive && uploadId ? `/v2/storage/${uploadId}` : null,
            }
          : null;
      return {
        candidateId,
        applicationId: row.id,
        openingId,
        openingTitle: row.opening_title,
        applicant: applicantResource(row, sensitive),
        files: {
          cv: file(row.cv_name, row.cv_upload_id, row.cv_content_type, 'cv'),
          coverLetter: file(row.cover_letter_name, row.cover_letter_upload_id, row.cover_letter_content_type, 'cover-letter'),
        },
        // Applications older than the stage history (or seeded without one) are new.
        stage: row.current_stage ?? 'NEW',
        ...(row.withdrawn ? { withdrawn: true } : {}),
        source: {
          kind: row.channel_kind,
          referral: row.referral_code ? { code: row.referral_code, referrerName: row.referrer_name ?? '' } : null,
          ...withCampaign(cleanApplicationSource({ utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign, referrer: row.referrer })),
        },
        consent: { text: row.consent_text, givenAt: new Date(row.consent_given_at).toISOString() },
        formAnswers: steps.filter((step) => step.product === 'application-form').flatMap(formAnswers),
        interviewAnswers,
        assessments: steps.flatMap((step) => assessment(step, sensitive) ?? []),
        previousCandidateId: neighbours.previous,
        nextCandidateId: neighbours.next,
        timeline: await timeline(companyId, row, steps, notes, known),
      };
    },

    /** Where an interview answer's bytes are (404 unless it is a kept answer of this candidate's application). */
    async interviewVideo(auth: AuthContext, openingId: string, candidateId: string, stepId: string, questionId: string): Promise<{ storageKey: string; contentType: string }> {
      const companyId = tenantOf(auth);
      const row = await applicationOf(auth, openingId, candidateId);
      const step = (await repository.steps(companyId, row.id)).find((item) => item.id === stepId && item.product === 'interview');
      const attempt = (step?.progress.answered as Record<string, number> | undefined)?.[questionId];
      const answer = typeof attempt === 'number' ? await repository.interviewAnswer(companyId, row.id, stepId, questionId, attempt) : undefined;
      if (!answer) throw new HttpError(404, ERROR_KEYS.fileNotFound);
      return { storageKey: answer.storage_key, contentType: answer.content_type ?? 'video/webm' };
    },

    /** The CV or cover-letter file for the inline view (the route checks CANDIDATES:SENSITIVE:READ). */
    async file(auth: AuthContext, openingId: string, candidateId: string, kind: 'cv' | 'cover-letter') {
      const row = await applicationOf(auth, openingId, candidateId);
      const uploadId = kind === 'cv' ? row.cv_upload_id : row.cover_letter_upload_id;
      const upload = uploadId ? await repository.upload(tenantOf(auth), uploadId) : undefined;
      if (!upload) throw new HttpError(404, ERROR_KEYS.fileNotFound);
      return { storageKey: upload.storage_key, contentType: upload.content_type, name: upload.original_name, applicationId: row.id };
    },

    async notes(auth: AuthContext, openingId: string, candidateId: string): Promise<CandidateNotes> {
      const companyId = tenantOf(auth);
      const row = await applicationOf(auth, openingId, candidateId);
      const [rows, known] = await Promise.all([repository.notes(companyId, row.id), people(companyId)]);
      const writer = hasPermission(auth.permissions, PERMISSIONS.candidatesManage);
      return {
        items: rows.map((note) => noteView(note, known)),
        mentionable: writer ? [...known.values()].filter((item) => item._id !== auth.account.id).map((item) => ({ _id: item._id, name: item.name })) : [],
      };
    },

    /**
     * A note by the signed-in recruiter. Mentions are kept only for colleagues of the company
     * whose `@Name` is in the text; each is told by mail (after the answer), with a link to the page.
     */
    async addNote(auth: AuthContext, openingId: string, candidateId: string, body: { text: string; mentions: string[] }): Promise<CandidateNote> {
      const companyId = tenantOf(auth);
      const row = await applicationOf(auth, openingId, candidateId);
      const known = await people(companyId);
      const picked = body.mentions.flatMap((id) => {
        const found = known.get(id);
        return found && id !== auth.account.id ? [found] : [];
      });
      const mentioned = mentionedIn(body.text, [...new Map(picked.map((item) => [item._id, item])).values()]);
      const note = await repository.insertNote({
        companyId,
        candidateId,
        applicationId: row.id,
        authorId: auth.account.id,
        text: body.text,
        mentions: mentioned.map((item) => item._id),
      });
      deps.events.emit({ type: 'CANDIDATE_UPDATED', companyId, openingId, applicationId: row.id });
      const author = person(known, auth.account.id).name || auth.account.email;
      const candidate = fullName(row.form.firstName as string | null, row.form.lastName as string | null);
      for (const colleague of mentioned) {
        deps.notifyMention({
          companyId,
          accountId: colleague._id,
          to: colleague.email,
          language: colleague.language ?? undefined,
          author,
          candidate,
          opening: row.opening_title,
          link: `${deps.publicUrl}${candidatePagePath(openingId, candidateId)}`,
        });
      }
      return noteView(note, known);
    },
  };
}
