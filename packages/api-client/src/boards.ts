import type { Board, Locale, Offer } from '@rec/core';
import type { ApiClient } from './client';

/** GET /v2/boards/{id} (spec §7). */
export function fetchBoard(api: ApiClient, boardId: string, signal?: AbortSignal): Promise<Board> {
  return api.get<Board>(`/v2/boards/${encodeURIComponent(boardId)}`, signal ? { signal } : {});
}

/** GET /v2/boards/{id}/offers, in `language` when given (else the board's own). */
export function fetchBoardOffers(api: ApiClient, boardId: string, language?: Locale, signal?: AbortSignal): Promise<Offer[]> {
  return api.get<Offer[]>(`/v2/boards/${encodeURIComponent(boardId)}/offers`, {
    ...(language ? { query: { language } } : {}),
    ...(signal ? { signal } : {}),
  });
}
