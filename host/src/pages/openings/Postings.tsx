import { closePosting, fetchPostings, isApiError, type OpeningResource, type PostingResource } from '@rec/api-client';
import { PERMISSIONS } from '@rec/core';
import { can, loadOpening, showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog, Loading } from '@rec/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { formatDate, languageName, StatusBadge } from './shared';

/** The postings of an opening, loaded once per opening (and again after a change). */
export function usePostings(openingId: string) {
  const [postings, setPostings] = useState<PostingResource[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setPostings(await fetchPostings(api, openingId));
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? failure.key : 'genericErrorTitle');
    }
  }, [openingId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { postings, error, reload: load };
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One posting: its content, status and channels, each channel's public URL with a copy button. */
export function PostingCard({ opening, posting, onChanged, headingLevel = 3 }: { opening: OpeningResource; posting: PostingResource; onChanged: () => void; headingLevel?: 2 | 3 }) {
  const t = useT();
  const locale = $locale.get();
  const [closing, setClosing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const closeButton = useRef<HTMLButtonElement | null>(null);
  const content = posting.contents[posting.language] ?? Object.values(posting.contents)[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const mayEdit = can(PERMISSIONS.postingsCreate);

  async function close() {
    setClosing(true);
    try {
      await closePosting(api, opening._id, posting._id);
      showToast({ tone: 'success', title: 'openings.toast.postingClosed' });
      setConfirming(false);
      onChanged();
      // Where the opening is visible changed with it.
      void loadOpening(api, opening._id, { refresh: true }).catch(() => undefined);
    } catch (failure) {
      showErrorToast(isApiError(failure) ? failure.key : null);
    } finally {
      setClosing(false);
    }
  }

  return (
    <article className="posting-card" aria-labelledby={`posting-${posting._id}`}>
      <Heading id={`posting-${posting._id}`}>{content?.title ?? opening.title}</Heading>
      <p className="posting-meta">
        <StatusBadge status={posting.status} /> {languageName(posting.language, locale)}
        {posting.publishedAt ? ` · ${t('openings.posting.publishedAt', { date: formatDate(posting.publishedAt) })}` : ''}
      </p>
      <h4 className="posting-channels-title">{t('openings.posting.channels')}</h4>
      {posting.channels.length ? (
        <ul className="channel-list">
          {posting.channels.map((channel) => {
            const kind = t(`openings.posting.channel.${channel.kind}`);
            return (
              <li key={channel._id} className="channel">
                <span className="channel-kind">{kind}</span>
                <a className="channel-url" href={channel.url} target="_blank" rel="noopener">
                  {channel.url}
                </a>
                <Button
                  variant="secondary"
                  aria-label={t('openings.posting.copyLabel', { channel: kind })}
                  onClick={async () => {
                    if (await copy(channel.url)) showToast({ tone: 'success', title: 'openings.toast.copied' });
                    else showErrorToast(null);
                  }}
                >
                  {t('openings.posting.copy')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('openings.posting.noChannels')}</p>
      )}
      {mayEdit ? (
        <p className="posting-actions">
          <a href={`/recruiter/openings/${opening._id}/postings/${posting._id}/edit/content`}>{t('openings.posting.edit')}</a>
          {posting.status === 'OPEN' ? (
            <button type="button" className="rec-button rec-button-secondary" ref={closeButton} onClick={() => setConfirming(true)}>
              {t('openings.posting.close')}
            </button>
          ) : null}
        </p>
      ) : null}
      {confirming ? (
        // Closing takes the offer off every channel at once: asked first, like archiving.
        <Dialog
          open
          role="alertdialog"
          title={t('closePosting.title')}
          onClose={() => setConfirming(false)}
          closeLabel={t('openings.close')}
          returnFocus={() => closeButton.current}
          busy={closing}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={closing} data-autofocus="">
                {t('openings.cancel')}
              </Button>
              <Button onClick={close} busy={closing}>
                {t('closePosting.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('closePosting.text', { title: content?.title ?? opening.title })}</p>
        </Dialog>
      ) : null}
    </article>
  );
}

/** The list of an opening's postings (all of them, or only `only` when given). */
export function PostingList({ opening, only }: { opening: OpeningResource; only?: string | undefined }) {
  const t = useT();
  const { postings, error, reload } = usePostings(opening._id);
  if (error) return <p role="alert">{t(error)}</p>;
  if (!postings) return <Loading label={t('openings.detail.loadingPostings')} />;
  const shown = only ? postings.filter((posting) => posting._id === only) : postings;
  if (!shown.length) return <p>{only ? t('openings.posting.notFound') : t('openings.detail.noPostings')}</p>;
  return (
    <div className="posting-list">
      {shown.map((posting) => (
        <PostingCard key={posting._id} opening={opening} posting={posting} onChanged={reload} />
      ))}
    </div>
  );
}
