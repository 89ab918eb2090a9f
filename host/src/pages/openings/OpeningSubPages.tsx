import { $opening } from '@rec/stores';
import { Loading } from '@rec/ui';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { PostingList } from './Postings';

/** /recruiter/openings/{id}/postings/{slug}: that posting when the slug is one of its ids, else all of the opening's postings. */
export function PostingsPage({ slug }: { slug: string }) {
  const t = useT();
  const opening = useStore($opening);
  const heading = t('openings.postingsPage.title', { title: opening?.title ?? '' });
  useTitle(heading);
  if (!opening) return <Loading label={t('openings.loading')} />;
  return (
    <section aria-labelledby="postings-title">
      <p>
        <a href={`/recruiter/openings/${opening._id}`}>{t('openings.other.back')}</a>
      </p>
      <h1 id="postings-title">{heading}</h1>
      <PostingList opening={opening} only={/^[0-9a-f]{24}$/.test(slug) ? slug : undefined} />
    </section>
  );
}

/**
 * /recruiter/openings/{id}/{anything else}: the catch-all of spec §2 ("embedded" sub-pages
 * whose content the spec does not show). It says plainly that nothing lives there and leads back.
 */
export function OpeningOtherPage({ slug }: { slug: string }) {
  const t = useT();
  const opening = useStore($opening);
  const heading = t('openings.other.title', { title: opening?.title ?? '' });
  useTitle(heading);
  return (
    <section aria-labelledby="opening-other-title">
      <h1 id="opening-other-title">{heading}</h1>
      <p>{t('openings.other.text', { slug })}</p>
      {opening ? (
        <p>
          <a href={`/recruiter/openings/${opening._id}`}>{t('openings.other.back')}</a>
        </p>
      ) : null}
    </section>
  );
}
