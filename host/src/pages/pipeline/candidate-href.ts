/** The candidate page of issue 11 (built by the candidate page's own module). */
export function candidateHref(openingId: string, candidateId: string): string {
  return `/recruiter/openings/${encodeURIComponent(openingId)}/candidates/${encodeURIComponent(candidateId)}`;
}
