import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';

/** What <rec-offer> says it shows (its `rec-offer-shown` event). */
interface OfferShown {
  language: string;
  title: string;
  /** True when the offer cannot be shown (closed, unknown): the element shows a message instead. */
  error: boolean;
}

/**
 * Where a visitor goes back to from an offer that cannot be shown: the board the server named
 * (closed offers know their board), else the page they came from (the career site that linked it).
 */
function wayBack(): { href: string; toBoard: boolean } | undefined {
  const board = document.querySelector<HTMLMetaElement>('meta[name="rec:back"]')?.content;
  if (board) return { href: board, toBoard: board.includes('/board/') };
  try {
    const referrer = new URL(document.referrer);
    if (referrer.protocol === 'https:' || referrer.protocol === 'http:') return { href: referrer.href, toBoard: false };
  } catch {
    // No referrer (typed address, bookmark): no way back to offer.
  }
  return undefined;
}

/**
 * `/offer/{_id}` and `/offer/c/{channel_id}` (full page, or the embedded-offer layout when
 * `?embedded=applyManualOnly|applyWithOptions`): the same <rec-offer> career sites embed.
 * The element reads the one language rule like the page (link, saved choice, browser): labels in
 * that language, the content too when a posting exists in it (issue 25); the page follows its
 * event so `<html lang>` and the title agree.
 */
export function OfferPage({ channelId, offerId, query }: { channelId?: string; offerId?: string; query: URLSearchParams }) {
  const t = useT();
  const embedded = query.get('embedded') ?? undefined;
  const element = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState<{ lang: string } | null>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const follow = (event: Event) => {
      const { language: lang, title, error } = (event as CustomEvent<OfferShown>).detail;
      document.documentElement.lang = lang;
      document.title = title;
      setFailed(error ? { lang } : null);
    };
    target.addEventListener('rec-offer-shown', follow);
    return () => target.removeEventListener('rec-offer-shown', follow);
  }, []);

  const back = failed ? wayBack() : undefined;
  // The offer's title is the page's h1, embedded layout or not.
  return (
    <>
      <rec-offer
        ref={element}
        channel-id={channelId} offer-id={offerId} embedded={embedded} referral-code={query.get('ref') ?? undefined}
        heading-level="1"
      />
      {back ? (
        <p className="offer-back">
          <a href={back.href}>{t(back.toBoard ? 'errorPage.openPositions' : 'errorPage.back')}</a>
        </p>
      ) : null}
    </>
  );
}
