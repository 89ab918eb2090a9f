import { type ApplicationSource, SOURCE_FIELDS } from '@rec/core/application-source';
import { useT } from '../../i18n';

/**
 * The campaign a candidate came by (issue 30), as rows of the candidate page's source list:
 * the link's utm values and the referring page, each only when the application carries it.
 */
export function CampaignFields({ campaign }: { campaign: ApplicationSource | undefined }) {
  const t = useT();
  if (!campaign) return null;
  return (
    <>
      {SOURCE_FIELDS.map((field) =>
        campaign[field] ? (
          <div key={field}>
            <dt>{t(`sources.${field}`)}</dt>
            <dd>{campaign[field]}</dd>
          </div>
        ) : null,
      )}
    </>
  );
}
