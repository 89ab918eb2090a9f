import { fetchBoard } from '@rec/api-client';
import { isObjectId, pickText, resolveLocale } from '@rec/core';
import { useEffect } from 'react';
import { $locale, api } from '../api';

/**
 * Full-page job board: mounts the same <rec-board> element career sites embed. The page's language
 * (`<html lang>`, the switcher) comes from the one language rule (link, saved choice, browser); the
 * element reads the same rule, so the board, the switcher and the title always agree (issue 25).
 */
export function BoardPage({ boardId }: { boardId: string }) {
  useEffect(() => {
    if (!isObjectId(boardId)) return;
    const controller = new AbortController();
    fetchBoard(api, boardId, controller.signal)
      .then((board) => {
        document.title = pickText(board.names, resolveLocale($locale.get()), board.language) || board.name;
      })
      // An unknown board: the element shows the message; the server already titled the page.
      .catch(() => undefined);
    return () => controller.abort();
  }, [boardId]);

  return <rec-board board-id={boardId} heading-level="1" />;
}
