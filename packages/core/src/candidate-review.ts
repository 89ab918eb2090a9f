import type { ApplicationSource } from './application-source';
import * as v from 'valibot';
import type { LocalizedText } from './localized-text';
import { ObjectIdSchema } from './ids';
import type { ApplicantResource } from './openings';

/**
 * The recruiter's candidate page (issue 11): what
 * GET /v2/recruiter/openings/{openingId}/candidates/{candidateId} answers, the notes and their
 * mentions. Shared by the host page and the server.
 */

export const CandidateParamsSchema = v.object({ openingId: ObjectIdSchema, candidateId: ObjectIdSchema });
export type CandidateParams = v.InferOutput<typeof CandidateParamsSchema>;

/** One interview answer: the step and the question it answers (question ids as the steps define them). */
export const InterviewVideoParamsSchema = v.object({
  openingId: ObjectIdSchema,
  candidateId: ObjectIdSchema,
  stepId: ObjectIdSchema,
  questionId: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
});
export type InterviewVideoParams = v.InferOutput<typeof InterviewVideoParamsSchema>;

/** The files shown inline on the page (CV, cover letter): PDF in the browser's viewer, images as images. */
export const CANDIDATE_FILE_KINDS = ['cv', 'cover-letter'] as const;
export type CandidateFileKind = (typeof CANDIDATE_FILE_KINDS)[number];
export const CandidateFileParamsSchema = v.object({ openingId: ObjectIdSchema, candidateId: ObjectIdSchema, kind: v.picklist(CANDIDATE_FILE_KINDS) });
export type CandidateFileParams = v.InferOutput<typeof CandidateFileParamsSchema>;

export const NOTE_MAX_LENGTH = 5000;
export const NOTE_MAX_MENTIONS = 20;

/**
 * A new note. `mentions` are the recruiter ids the author picked in the autocomplete; the server
 * keeps those of the company whose `@First Last` is still in the text, and mails them.
 */
export const NoteBodySchema = v.object({
  text: v.pipe(v.string(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(NOTE_MAX_LENGTH, 'errors.max')),
  mentions: v.optional(v.pipe(v.array(ObjectIdSchema), v.maxLength(NOTE_MAX_MENTIONS)), []),
});
export type NoteBody = v.InferInput<typeof NoteBodySchema>;

/** `@First Last` as a note writes a mention (also what the autocomplete inserts). */
export function mentionText(person: { name: string }): string {
  return `@${person.name}`;
}

/** The ids of `people` whose mention is in `text` (a picked name deleted from the text mails nobody). */
export function mentionedIn<T extends { _id: string; name: string }>(text: string, people: readonly T[]): T[] {
  return people.filter((person) => person.name.trim() !== '' && text.includes(mentionText(person)));
}

/** The `@partial` being typed just before `caret`, or null: what the autocomplete completes. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1] ?? ''))) return null;
  const query = before.slice(at + 1);
  // A first and a last name at most: a third word means the writer moved on.
  if (query.length > 60 || query.split(' ').length > 2 || /[\n@]/.test(query)) return null;
  return { start: at, query };
}

export interface Person {
  _id: string;
  name: string;
}

export interface CandidateNote {
  _id: string;
  text: string;
  author: Person;
  mentions: Person[];
  createdAt: string;
}

export interface CandidateNotes {
  items: CandidateNote[];
  /** The company's recruiters a note may mention (empty for who may not write notes). */
  mentionable: Person[];
}

export interface FormAnswerView {
  questionId: string;
  label: LocalizedText;
  type: string;
  /** Text answers as given; choices as their labels; a file as its name. */
  answer: string | null;
  /** For choice questions: the chosen choices' labels. */
  choices?: LocalizedText[];
}

export interface InterviewAnswerView {
  stepId: string;
  questionId: string;
  question: LocalizedText;
  /** Null when the question was not answered, or when the reader may not watch it (`restricted`). */
  video: { url: string; contentType: string } | null;
  /** Answered, but a video is special-category content: only with CANDIDATES:SENSITIVE:READ. */
  restricted?: true;
}

export interface AssessmentView {
  product: 'shape' | 'drive' | 'brain';
  status: string;
  /** Per trait or motive, 1..5 (shape, drive). */
  scores?: Record<string, number>;
  /** brain: correct answers of `total`, and whether the test was finished in time. */
  correct?: number;
  total?: number;
  inTime?: boolean;
  /** A result exists but is left out: assessment results need CANDIDATES:SENSITIVE:READ. */
  restricted?: true;
}

export const TIMELINE_KINDS = ['applied', 'stepFinished', 'stage', 'note', 'mail'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  kind: TimelineKind;
  at: string;
  /** Who: a recruiter, or null for the candidate (applied, steps) or the system. */
  actor: Person | null;
  /** stepFinished: the product; stage: the stage id; mail: the mail kind; note: the note id. */
  detail: string;
  /** stage: the reason given (a rejection), when any. */
  reason?: string;
}

export interface CandidateReview {
  candidateId: string;
  applicationId: string;
  openingId: string;
  openingTitle: string;
  /** The form fields of spec §3 (meta hidden; sensitive ones only with CANDIDATES:SENSITIVE:READ). */
  applicant: ApplicantResource;
  /** Inline views of the files (null without CANDIDATES:SENSITIVE:READ or without a stored file). */
  files: Record<'cv' | 'coverLetter', { name: string; contentType: string; viewUrl: string | null; downloadUrl: string | null } | null>;
  stage: string;
  /** The candidate withdrew the application (it stands in the rejected stage). */
  withdrawn?: boolean;
  /** `campaign`: the link's utm values and the referring page (origin and path) the candidate came by (issue 30), when any. */
  source: { kind: string; referral: { code: string; referrerName: string } | null; campaign?: ApplicationSource };
  consent: { text: string; givenAt: string };
  formAnswers: FormAnswerView[];
  interviewAnswers: InterviewAnswerView[];
  assessments: AssessmentView[];
  /** The neighbours in the pipeline table's default order (newest application first). */
  previousCandidateId: string | null;
  nextCandidateId: string | null;
  timeline: TimelineEntry[];
}

/** The page's URL (also the link of a mention mail, prefixed with the public URL). */
export function candidatePagePath(openingId: string, candidateId: string): string {
  return `/recruiter/openings/${openingId}/candidates/${candidateId}`;
}
