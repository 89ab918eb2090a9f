import { POSTING_CHANNEL_KINDS } from '@rec/api-client';
import { useT } from '../../i18n';
import type { PostingValues } from './posting-values';
import { SalaryFields, salaryDraftOf } from './SalaryFields';

interface Props {
  id: string;
  values: PostingValues;
  update(next: PostingValues): void;
  /** No channel was ticked on the last try to go on. */
  channelsError: boolean;
  setChannelsError(shown: boolean): void;
  /** The pay range's errors show once the recruiter tried to go on. */
  salaryChecked: boolean;
}

/** The channels step's fields: where the posting is shown, and its pay range. */
export function PostingChannels({ id, values, update, channelsError, setChannelsError, salaryChecked }: Props) {
  const t = useT();
  return (
    <>
      <fieldset className="checkbox-group" aria-describedby={channelsError ? `${id}-channels-error` : undefined}>
        <legend>{t('openings.posting.channelsLegend')}</legend>
        {POSTING_CHANNEL_KINDS.map((kind) => (
          <div key={kind} className="checkbox">
            <input
              type="checkbox"
              id={`${id}-${kind}`}
              name="channels"
              value={kind}
              checked={values.channels.includes(kind)}
              onChange={(event) => {
                setChannelsError(false);
                update({ ...values, channels: POSTING_CHANNEL_KINDS.filter((item) => (item === kind ? event.target.checked : values.channels.includes(item))) });
              }}
            />
            <label htmlFor={`${id}-${kind}`}>{t(`openings.posting.channel.${kind}`)}</label>
          </div>
        ))}
      </fieldset>
      {channelsError ? (
        <p id={`${id}-channels-error`} className="rec-field-error" role="alert">
          {t('openings.posting.channelsRequired')}
        </p>
      ) : null}
      <SalaryFields value={values.salary ?? salaryDraftOf(null)} onChange={(salary) => update({ ...values, salary })} showErrors={salaryChecked} />
    </>
  );
}
