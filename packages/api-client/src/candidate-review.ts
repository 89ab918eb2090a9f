import type { CandidateNote, CandidateNotes, CandidateReview, NoteBody } from '@rec/core/candidate-review';
import type { ApiClient } from './client';

/** The candidate page's calls (issue 11): `/v2/recruiter/openings/{openingId}/candidates/{candidateId}`. */

const candidatePath = (openingId: string, candidateId: string) => `/v2/recruiter/openings/${encodeURIComponent(openingId)}/candidates/${encodeURIComponent(candidateId)}`;

/** Everything the candidate gave, the stage, the neighbours in the pipeline and the timeline. */
export function fetchCandidateReview(api: ApiClient, openingId: string, candidateId: string): Promise<CandidateReview> {
  return api.get<CandidateReview>(candidatePath(openingId, candidateId));
}

/** The notes, newest first, and the colleagues a new note may mention. */
export function fetchCandidateNotes(api: ApiClient, openingId: string, candidateId: string): Promise<CandidateNotes> {
  return api.get<CandidateNotes>(`${candidatePath(openingId, candidateId)}/notes`);
}

/** A new note (CANDIDATES:MANAGE); mentioned colleagues get a mail. */
export function addCandidateNote(api: ApiClient, openingId: string, candidateId: string, body: NoteBody): Promise<CandidateNote> {
  return api.post<CandidateNote>(`${candidatePath(openingId, candidateId)}/notes`, body);
}
