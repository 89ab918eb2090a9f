import { type Board, DEFAULT_LOCALE, ERROR_KEYS, isLocale, type Locale, type LocalizedText, type Offer, toLocale } from '@rec/core';
import { HttpError } from '../../http/errors';
import { companyTheme } from '../branding/service';
import { logoImageOf } from '../company-logos/default-logo';
import { type OfferService, offerUrl } from '../offers/service';
import type { BoardRepository, BoardWithCompany } from './repository';

const withLogo = (logo: ReturnType<typeof logoImageOf>) => (logo ? { logo } : {});

/** The stored names in supported languages, never without the one in the board's language. */
function namesOf(board: BoardWithCompany, language: Locale): LocalizedText {
  const names: LocalizedText = {};
  for (const [locale, name] of Object.entries(board.names ?? {})) {
    if (isLocale(locale) && typeof name === 'string' && name.trim()) names[locale] = name;
  }
  names[language] ??= board.name;
  return names;
}

export type BoardService = ReturnType<typeof createBoardService>;

export function createBoardService(deps: { repository: BoardRepository; offers: OfferService; publicUrl: string }) {
  const { repository, offers, publicUrl } = deps;

  async function findOrThrow(boardId: string): Promise<BoardWithCompany> {
    const board = await repository.findBoard(boardId);
    if (!board) throw new HttpError(404, ERROR_KEYS.boardNotFound);
    return board;
  }

  /** The board's list with the company it belongs to (what the public answer cache is invalidated by). */
  async function boardOffers(boardId: string, preferences: readonly Locale[]): Promise<{ companyId: string; offers: Offer[] }> {
    const board = await findOrThrow(boardId);
    const locale = preferences[0] ?? toLocale(board.language) ?? DEFAULT_LOCALE;
    return { companyId: board.companyId, offers: await offers.listBoardOffers(board, locale) };
  }

  return {
    async getBoard(boardId: string): Promise<Board> {
      const board = await findOrThrow(boardId);
      const language = toLocale(board.language) ?? DEFAULT_LOCALE;
      return {
        _id: board.id,
        language,
        name: board.name,
        names: namesOf(board, language),
        company: { _id: board.companyId, name: board.companyName, ...withLogo(logoImageOf(board.companySettings)) },
        spontaneousOfferChannelUrl: board.spontaneousChannelId ? offerUrl(publicUrl, board.spontaneousChannelId) : null,
        theme: companyTheme(board.companySettings),
      };
    },

    /** The board's open offers sorted for the page language: the first preference, else the board's language. */
    async listOffers(boardId: string, preferences: readonly Locale[]): Promise<Offer[]> {
      return (await boardOffers(boardId, preferences)).offers;
    },

    boardOffers,
  };
}
