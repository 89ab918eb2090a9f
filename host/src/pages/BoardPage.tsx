import { fetchBoard } from '@rec/api-client';
import { isObjectId, pickText, toLocale } from '@rec/core';
import { useEffect } from 'react';
import { api } from '../api';

/**
 * Full-page job board: mounts the same <rec-board> element career sites embed. The board shows
 * the link's language, else its own; the page follows (`<html lang>` and the title in that
 * language, as the server rendered them), whatever language the browser prefers.
 */
export function BoardPage({ boardId, language }: { boardId: string; language: string | null }) {
  useEffect(() => {
    if (!isObjectId(boardId)) return;
    const controller = new AbortController();
    fetchBoard(api, boardId, controller.signal)
      .then((board) => {
        const locale = toLocale(language) ?? board.language;
        document.documentElement.lang = locale;
        document.title = pickText(board.names, locale, board.language) || board.name;
      })
      // An unknown board: the element shows the message; the server already titled the page.
      .catch(() => undefined);
    return () => controller.abort();
  }, [boardId, language]);

  return <rec-board board-id={boardId} language={language ?? undefined} heading-level="1" />;
}
