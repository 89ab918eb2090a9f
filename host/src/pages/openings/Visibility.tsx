import type { OpeningResource } from '@rec/api-client';
import { PERMISSIONS } from '@rec/core';
import { can } from '@rec/stores';
import { useT } from '../../i18n';

/**
 * Where visitors find an opening now, from the channels of its open postings (the server's
 * `visibleOn`): a PUBLISHED opening without an open posting is on no page at all, and the status
 * badge alone would suggest otherwise.
 */
export function VisibleOn({ opening }: { opening: Pick<OpeningResource, 'visibleOn'> }) {
  const t = useT();
  const kinds = opening.visibleOn ?? [];
  if (!kinds.length) return <span className="visible-on visible-on-none">{t('visibility.nowhere')}</span>;
  return (
    <ul className="visible-on">
      {kinds.map((kind) => (
        <li key={kind} className={`visible-on-${kind.toLowerCase()}`}>
          {t(`visibility.kind.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

/** True when the recruiter can and should still put the opening on the career page. */
export function mayPublishOnBoard(opening: Pick<OpeningResource, 'status' | 'visibleOn'>): boolean {
  return opening.status === 'PUBLISHED' && !(opening.visibleOn ?? []).includes('BOARD') && can(PERMISSIONS.postingsCreate);
}

export const boardPostingHref = (openingId: string) => `/recruiter/openings/${openingId}/postings/create`;

/** On the opening page: a PUBLISHED opening that is not on the career page says so, with the direct action. */
export function CareerPageNotice({ opening }: { opening: OpeningResource }) {
  const t = useT();
  if (!mayPublishOnBoard(opening)) return null;
  return (
    <div className="visibility-notice" role="note" aria-labelledby="visibility-notice-title">
      <p id="visibility-notice-title" className="visibility-notice-title">
        {t('visibility.notOnBoardTitle')}
      </p>
      <p>{t('visibility.notOnBoardText')}</p>
      <a className="rec-button rec-button-primary" href={boardPostingHref(opening._id)}>
        {t('visibility.publishOnBoard')}
      </a>
    </div>
  );
}
