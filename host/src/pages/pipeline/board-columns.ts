import type { PipelineItem } from '@rec/core/pipeline';

/**
 * The board's columns (issue 11: 2,000 applications open in under 500 ms). Each column first
 * shows BOARD_CAP cards (the board answer); "show N more" adds the stage's next page of the same
 * size (the table answer filtered on the stage, same sort, so pages continue the column exactly).
 * A card moved in this visit stays visible in its new column even when it sorts beyond what that
 * column has loaded ("pinned"), so the recruiter sees where it went and keeps focus on it.
 */
export const BOARD_CAP = 20;

/** The page of the stage's cards that comes after `loaded` of them (pages of BOARD_CAP, 1-based). */
export function nextPageOf(loaded: number): number {
  return Math.floor(loaded / BOARD_CAP) + 1;
}

/** How many cards the column's "show more" adds: the next page, or what is left of the stage. */
export function moreCountOf(count: number, shown: number): number {
  return Math.max(0, Math.min(BOARD_CAP, count - shown));
}

/**
 * The cards of every stage in order: the board answer's first cards, then the pages "show more"
 * loaded, then the pinned cards that no loaded page holds. An application appears once (a page
 * fetched after a move may repeat a card: the first place wins; loaded data wins over a pin).
 */
export function boardColumns(
  first: readonly PipelineItem[],
  more: Readonly<Record<string, readonly PipelineItem[]>>,
  pinned: readonly PipelineItem[],
): Map<string, PipelineItem[]> {
  const columns = new Map<string, PipelineItem[]>();
  const seen = new Set<string>();
  const add = (item: PipelineItem) => {
    if (seen.has(item.applicationId)) return;
    seen.add(item.applicationId);
    const column = columns.get(item.stage);
    if (column) column.push(item);
    else columns.set(item.stage, [item]);
  };
  for (const item of first) add(item);
  for (const items of Object.values(more)) for (const item of items) add(item);
  for (const item of pinned) add(item);
  return columns;
}

/** How many cards of `stage` the loaded pages hold (pins excluded): where its next page starts. */
export function loadedCountOf(first: readonly PipelineItem[], more: Readonly<Record<string, readonly PipelineItem[]>>, stage: string): number {
  return first.filter((item) => item.stage === stage).length + (more[stage]?.length ?? 0);
}

/** The pins after `item` moved to `stage` (one pin per application: the latest move). */
export function pinMoved(pinned: readonly PipelineItem[], item: PipelineItem, stage: string): PipelineItem[] {
  return [...pinned.filter((pin) => pin.applicationId !== item.applicationId), { ...item, stage }];
}

/** Pins that loaded data now holds are dropped: the server's place (and stage) is the truth. */
export function unpinLoaded(pinned: readonly PipelineItem[], first: readonly PipelineItem[], more: Readonly<Record<string, readonly PipelineItem[]>>): PipelineItem[] {
  const loaded = new Set<string>(first.map((item) => item.applicationId));
  for (const items of Object.values(more)) for (const item of items) loaded.add(item.applicationId);
  const kept = pinned.filter((pin) => !loaded.has(pin.applicationId));
  return kept.length === pinned.length ? (pinned as PipelineItem[]) : kept;
}
