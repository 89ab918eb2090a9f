import { Button } from '@rec/ui';
import { useT } from '../../../i18n';

/** The two feeds every board has (server: modules/feeds), in the order the section lists them. */
const FEEDS = [
  { id: 'xml', file: 'feed.xml' },
  { id: 'json', file: 'feed.json' },
] as const;

/**
 * The selected board's job feed addresses (issue 30), each with a copy button: what a recruiter
 * gives a job board or aggregator that ingests offers rather than crawling the career site.
 */
export function BoardFeedsSection({ publicUrl, boardId, onCopy }: { publicUrl: string; boardId: string; onCopy: (text: string, copiedKey: string) => void }) {
  const t = useT();
  const base = publicUrl.replace(/\/+$/, '');
  return (
    <section className="settings-section" aria-labelledby="board-feeds">
      <h2 id="board-feeds">{t('feeds.title')}</h2>
      <p>{t('feeds.intro')}</p>
      {FEEDS.map((feed) => {
        const url = `${base}/v2/boards/${encodeURIComponent(boardId)}/${feed.file}`;
        const name = t(`feeds.${feed.id}`);
        return (
          <div key={feed.id} className="settings-form">
            <label>
              {name}
              <input type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid={`feed-${feed.id}`} />
            </label>
            <div className="settings-actions">
              <Button variant="secondary" onClick={() => onCopy(url, 'feeds.copied')} aria-label={t('feeds.copyOf', { name })}>
                {t('feeds.copy')}
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
