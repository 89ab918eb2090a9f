/**
 * Spec §2/§4 share semantics as plain functions (tested without a browser):
 * the selection starts as the allowed recruiters minus the current user; every change emits the
 * selection plus the current user's id; saving adds each new recruiter with its own call and
 * removes the dropped ones with one list.
 */

/** The dialog's starting selection: allowed recruiters without me. */
export function initialSelection(allowedRecruiters: readonly string[], meId: string): string[] {
  return allowedRecruiters.filter((id) => id !== meId);
}

/** What the dialog emits for a selection: the selection plus my id (once). */
export function emittedSelection(selection: readonly string[], meId: string): string[] {
  return [...selection.filter((id) => id !== meId), meId];
}

/** The calls that turn `allowed` into `next`: one add per new recruiter, one remove with the dropped list. */
export function shareChanges(allowed: readonly string[], next: readonly string[]): { add: string[]; remove: string[] } {
  const before = new Set(allowed);
  const after = new Set(next);
  return { add: [...after].filter((id) => !before.has(id)), remove: [...before].filter((id) => !after.has(id)) };
}

/** Recruiters matching the search (name or e-mail, accents and case ignored), without me. */
export function searchRecruiters<T extends { _id: string; fullName: string; email: string }>(recruiters: readonly T[], meId: string, search: string): T[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const needle = fold(search.trim());
  return recruiters.filter((recruiter) => recruiter._id !== meId && (!needle || fold(`${recruiter.fullName} ${recruiter.email}`).includes(needle)));
}
