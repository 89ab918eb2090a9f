/**
 * `/offer/{_id}` and `/offer/c/{channel_id}` (full page, or the embedded-offer layout when
 * `?embedded=applyManualOnly|applyWithOptions`): the same <rec-offer> career sites embed.
 */
export function OfferPage({ channelId, offerId, query }: { channelId?: string; offerId?: string; query: URLSearchParams }) {
  const language = query.get('language') ?? query.get('lang') ?? undefined;
  const embedded = query.get('embedded') ?? undefined;
  // The offer's title is the page's h1, embedded layout or not.
  return (
    <rec-offer
      channel-id={channelId} offer-id={offerId} embedded={embedded} language={language} referral-code={query.get('ref') ?? undefined}
      heading-level="1"
    />
  );
}
