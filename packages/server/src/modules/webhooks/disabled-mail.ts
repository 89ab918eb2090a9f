import { serverT } from '../../i18n/server-texts';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { DISABLE_AFTER_FAILURES } from './delivery-policy';
import type { WebhookRepository } from './repository';

/** The settings page where an owner turns the endpoint back on. */
export const WEBHOOKS_SETTINGS_PATH = '/recruiter/settings_new/webhooks';

export function renderWebhookDisabledMail(language: string | undefined, to: string, values: { company: string; host: string; failures: number; link: string }): OutgoingMail {
  const t = serverT(language, 'webhooksMail.disabled');
  return { to, subject: t('subject', values), text: t('text', values) };
}

/**
 * Tells every owner of the company that an endpoint was turned off after a run of failures. The
 * mail names the receiver's host only: the rest of the URL may carry the receiver's token.
 */
export function webhookDisabledNotifier(deps: { repository: WebhookRepository; mailer: Mailer; publicUrl: string }) {
  return async (companyId: string, endpointId: string): Promise<void> => {
    const endpoint = await deps.repository.findEndpoint(companyId, endpointId);
    if (!endpoint) return;
    const host = new URL(endpoint.url).host;
    const link = `${deps.publicUrl}${WEBHOOKS_SETTINGS_PATH}`;
    const company = await deps.repository.companyName(companyId);
    for (const owner of await deps.repository.ownersOf(companyId)) {
      await deps.mailer.send({ ...renderWebhookDisabledMail(owner.language, owner.email, { company, host, failures: DISABLE_AFTER_FAILURES, link }), companyId });
    }
  };
}
