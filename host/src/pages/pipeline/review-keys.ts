/**
 * Keyboard review of the pipeline (issue 11: 50 candidates with the keyboard only): j / ArrowDown
 * and k / ArrowUp move focus between candidates (`[data-review-item]`, in page order), Enter opens
 * the focused candidate (it is a link), `m` opens its "Move to" menu, `?` shows the keys. Keys
 * typed into a field, a menu or a dialog are theirs, not ours.
 */
export type ReviewKeyAction = 'next' | 'previous' | 'move' | 'help' | null;

export function reviewKeyAction(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>, target: EventTarget | null): ReviewKeyAction {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const element = target as Element | null;
  if (element?.closest?.('input, textarea, select, [contenteditable="true"], [role="menu"], dialog')) return null;
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    case 'm':
      return 'move';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** The candidate to focus after `current` (or the first/last when none has focus yet). */
export function nextIndex(count: number, current: number, action: 'next' | 'previous'): number {
  if (count === 0) return -1;
  if (current < 0) return action === 'next' ? 0 : count - 1;
  return action === 'next' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
}
