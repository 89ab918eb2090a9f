/**
 * "None of these": the choice every required checkbox group offers (the apply form's driving
 * licences, a form step's multiple-choice question), so a candidate who has none of the listed
 * things can still answer truthfully. It is exclusive: choosing it clears the others and back.
 * Plain constants: the apply form's chunk imports this file (size budget).
 */
export const NONE_CHOICE = 'none';

/** The new selection after `value` was checked or unchecked: "none" and the other choices exclude each other. */
export function toggleChoice(selected: readonly string[], value: string, checked: boolean): string[] {
  if (!checked) return selected.filter((item) => item !== value);
  if (value === NONE_CHOICE) return [NONE_CHOICE];
  return [...selected.filter((item) => item !== NONE_CHOICE && item !== value), value];
}

/** A checkbox group's answer as one line: "none" in the reader's words, the codes as they are. */
export function choicesText(selected: readonly string[], noneLabel: string): string {
  return selected.map((value) => (value === NONE_CHOICE ? noneLabel : value)).join(', ');
}
