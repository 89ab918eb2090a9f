import { MESSAGE_KEYS, type MessageKey } from '@rec/core';
import { useT } from '../i18n';
import { useTitle } from '../title';

/** The message key to show: a known one, else genericError. */
export function messageKeyOf(value: string | null): MessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(value ?? '') ? (value as MessageKey) : 'genericError';
}

/** /message, /applicant/message, /offer/message: title and text of `messageKey` (the layout adds the powered-by footer). */
export function MessagePage({ query }: { query: URLSearchParams }) {
  const t = useT();
  const key = messageKeyOf(query.get('messageKey'));
  const title = t(`messageKeys.${key}.title`);
  useTitle(title);
  return (
    <section className="message-card" aria-labelledby="message-title">
      <h1 id="message-title">{title}</h1>
      <p>{t(`messageKeys.${key}.text`)}</p>
    </section>
  );
}
