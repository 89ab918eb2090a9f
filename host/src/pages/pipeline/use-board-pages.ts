import { errorKeyFromUnknown } from '@rec/api-client';
import type { PipelineItem, PipelineResponse } from '@rec/core/pipeline';
import { showErrorToast } from '@rec/stores';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BOARD_CAP, boardColumns, loadedCountOf, nextPageOf, pinMoved, unpinLoaded } from './board-columns';
import { fetchPipeline, type PipelineQueryState } from './pipeline-api';

type MorePages = Readonly<Record<string, readonly PipelineItem[]>>;

/** A board load: its answer, and the page state to apply with it (in the same render as the answer). */
export interface BoardLoad {
  answer: PipelineResponse;
  apply: () => void;
}

/**
 * The board's capped columns (see board-columns.ts): the pages "show more" added per stage, the
 * cards moved in this visit, and where focus goes next (the first card "show more" revealed, or a
 * moved card in its new column once the reload has placed it).
 */
export function useBoardPages(openingId: string | undefined, first: readonly PipelineItem[], root: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState<MorePages>({});
  const [pinned, setPinned] = useState<readonly PipelineItem[]>([]);
  const [loadingStage, setLoadingStage] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // Read by load() and showMore(), which run outside render.
  const current = useRef({ more, pinned });
  current.current = { more, pinned };
  const pendingFocus = useRef<string | null>(null);
  /** Bumped by every fresh list (new filters, sort or view): a late "show more" answer of the old list is dropped. */
  const generation = useRef(0);

  /**
   * The board answer (BOARD_CAP per stage) and, on a reload of the same list, the pages the
   * recruiter had added, fetched again so moved cards and new applications land where they are now.
   */
  const load = useCallback(async (id: string, query: PipelineQueryState, signal: AbortSignal, fresh: boolean): Promise<BoardLoad> => {
    if (fresh) generation.current += 1;
    const kept = fresh ? {} : current.current.more;
    const pages = Object.entries(kept).flatMap(([stage, items]) =>
      Array.from({ length: Math.ceil(items.length / BOARD_CAP) }, (_, index) => ({ stage, page: index + 2 })),
    );
    const [answer, ...extra] = await Promise.all([
      fetchPipeline(id, { ...query, view: 'board', rowsPerPage: BOARD_CAP }, signal),
      ...pages.map(({ stage, page }) => fetchPipeline(id, { ...query, view: 'table', stage, page, rowsPerPage: BOARD_CAP }, signal)),
    ]);
    const nextMore: Record<string, PipelineItem[]> = {};
    pages.forEach(({ stage }, index) => {
      nextMore[stage] = [...(nextMore[stage] ?? []), ...(extra[index]?.items ?? [])];
    });
    return {
      answer,
      apply: () => {
        setMore(nextMore);
        setPinned(fresh ? [] : unpinLoaded(current.current.pinned, answer.items, nextMore));
        setFocusId(pendingFocus.current);
        pendingFocus.current = null;
      },
    };
  }, []);

  const columns = useMemo(() => boardColumns(first, more, pinned), [first, more, pinned]);

  /** "Show N more": the stage's next page, appended; focus moves to the first card it revealed. */
  const showMore = useCallback(
    async (stage: string, query: PipelineQueryState) => {
      if (!openingId) return;
      const asked = generation.current;
      const page = nextPageOf(loadedCountOf(first, current.current.more, stage));
      setLoadingStage(stage);
      try {
        const answer = await fetchPipeline(openingId, { ...query, view: 'table', stage, page, rowsPerPage: BOARD_CAP });
        if (asked !== generation.current) return;
        const shown = new Set<string>();
        for (const items of boardColumns(first, current.current.more, current.current.pinned).values()) for (const item of items) shown.add(item.applicationId);
        setMore((before) => ({ ...before, [stage]: [...(before[stage] ?? []), ...answer.items] }));
        setFocusId(answer.items.find((item) => !shown.has(item.applicationId))?.applicationId ?? null);
      } catch (failure) {
        showErrorToast(errorKeyFromUnknown(failure));
      } finally {
        setLoadingStage(null);
      }
    },
    [openingId, first],
  );

  /** A card moved on the board: it stays in sight in its new column, and takes focus after the reload. */
  const moved = useCallback((item: PipelineItem, stage: string) => {
    setPinned((before) => pinMoved(before, item, stage));
    pendingFocus.current = item.applicationId;
  }, []);

  useEffect(() => {
    if (!focusId) return;
    const link = root.current?.querySelector<HTMLElement>(`[data-application="${CSS.escape(focusId)}"] [data-review-item]`);
    link?.focus();
    link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setFocusId(null);
  }, [focusId, root]);

  return { columns, loadingStage, load, showMore, moved };
}
