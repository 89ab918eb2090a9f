import { useEffect, useRef } from 'react';

/** What <rec-offer> says it shows (its `rec-offer-shown` event). */
interface OfferShown {
  language: string;
  title: string;
}

/**
 * `/offer/{_id}` and `/offer/c/{channel_id}` (full page, or the embedded-offer layout when
 * `?embedded=applyManualOnly|applyWithOptions`): the same <rec-offer> career sites embed.
 * The element decides the language (the link's, when the offer is written in it, else the
 * offer's own); the page follows it so `<html lang>`, the title and the text agree.
 */
export function OfferPage({ channelId, offerId, query }: { channelId?: string; offerId?: string; query: URLSearchParams }) {
  const language = query.get('language') ?? query.get('lang') ?? undefined;
  const embedded = query.get('embedded') ?? undefined;
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const follow = (event: Event) => {
      const { language: lang, title } = (event as CustomEvent<OfferShown>).detail;
      document.documentElement.lang = lang;
      document.title = title;
    };
    target.addEventListener('rec-offer-shown', follow);
    return () => target.removeEventListener('rec-offer-shown', follow);
  }, []);

  // The offer's title is the page's h1, embedded layout or not.
  return (
    <rec-offer
      ref={element}
      channel-id={channelId} offer-id={offerId} embedded={embedded} language={language} referral-code={query.get('ref') ?? undefined}
      heading-level="1"
    />
  );
}
