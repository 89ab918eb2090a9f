import { MESSAGE_KEYS, type MessageKey } from '@rec/core';
import { useT } from '../i18n';
import { useTitle } from '../title';
import { ApplicationBrand } from './steps/ApplicationBrand';

/** The message key to show: a known one, else genericError. */
export function messageKeyOf(value: string | null): MessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(value ?? '') ? (value as MessageKey) : 'genericError';
}

/** The messages that end the candidate's steps: their page leads on to the portal and the career site. */
const STEPS_ENDS: ReadonlySet<MessageKey> = new Set(['testCompleted', 'applicationWithdrawn']);

/**
 * /message, /applicant/message, /offer/message: title and text of `messageKey` (the layout adds
 * the powered-by footer). On /applicant/message (`applicant`) the company's frame surrounds it.
 */
export function MessagePage({ query, applicant = false }: { query: URLSearchParams; applicant?: boolean }) {
  const t = useT();
  const key = messageKeyOf(query.get('messageKey'));
  const title = t(`messageKeys.${key}.title`);
  useTitle(title);
  const card = (
    <section className="message-card" aria-labelledby="message-title">
      <h1 id="message-title">{title}</h1>
      <p>{t(`messageKeys.${key}.text`)}</p>
    </section>
  );
  return applicant ? <ApplicationBrand end={STEPS_ENDS.has(key)}>{card}</ApplicationBrand> : card;
}
