import { createApiClient, fetchShareLink } from '@rec/api-client';
import type { ShareLink } from '@rec/core/application';
import { ShareActions } from '@rec/ui/share-actions';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n';
import { navigate } from '../../navigation';

/** `/share/{slug}`: a short public link to an offer, with copy-link and share actions. */
export function SharePage({ slug }: { slug: string }) {
  const t = useT();
  const api = useMemo(() => createApiClient({ baseURL: location.origin, getLocale: () => document.documentElement.lang || 'en' }), []);
  const [link, setLink] = useState<ShareLink | null>(null);

  useEffect(() => {
    let live = true;
    fetchShareLink(api, slug).then(
      (found) => live && setLink(found),
      () => live && navigate('/offer/message?messageKey=closedJob', { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [api, slug]);

  if (!link) return null;
  return (
    <>
      <rec-offer channel-id={link.channelId} />
      <ShareActions url={link.url} title={t('share.title')} t={t} />
    </>
  );
}
