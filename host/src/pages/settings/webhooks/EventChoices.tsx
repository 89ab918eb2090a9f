import { WEBHOOK_EVENTS, type WebhookEventType } from '@rec/core';
import { useId } from 'react';
import { useT } from '../../../i18n';

/** The translation key of an event's description (i18next reads dots as nesting). */
export const eventLabelKey = (event: string) => `webhooks.events.${event.replace('.', '_')}`;

/** The events an endpoint hears of, as labelled checkboxes in a fieldset. */
export function EventChoices({ value, onChange }: { value: readonly WebhookEventType[]; onChange: (events: WebhookEventType[]) => void }) {
  const t = useT();
  const prefix = useId();
  return (
    <fieldset className="rec-field webhook-events">
      <legend>{t('webhooks.form.events')}</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <div key={event}>
          <input
            type="checkbox"
            id={`${prefix}-${event}`}
            checked={value.includes(event)}
            onChange={(change) => onChange(change.currentTarget.checked ? WEBHOOK_EVENTS.filter((other) => other === event || value.includes(other)) : value.filter((other) => other !== event))}
          />{' '}
          <label htmlFor={`${prefix}-${event}`}>
            <code>{event}</code> {t(eventLabelKey(event))}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
