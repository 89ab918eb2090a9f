import type { ApplicationReceipt } from '@rec/core/application';
import type { ApplicationSubmissionInput } from '@rec/core/application-schema';
import type { ApiClient } from './client';

/** POST /v2/offers/channel/{channelId}/applications; the submission id doubles as Idempotency-Key. */
export function submitApplication(api: ApiClient, channelId: string, body: ApplicationSubmissionInput): Promise<ApplicationReceipt> {
  return api.post<ApplicationReceipt>(`/v2/offers/channel/${encodeURIComponent(channelId)}/applications`, body, {
    headers: { 'Idempotency-Key': body.submissionId },
  });
}
