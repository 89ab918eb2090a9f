import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { webhookEventOf } from './event-source';

const ids = { companyId: 'c'.repeat(24), openingId: 'o'.repeat(24), applicationId: 'a'.repeat(24) };

describe('webhook events of domain events', () => {
  it('maps each change to its event, with ids and keys only', () => {
    assert.deepEqual(webhookEventOf({ type: 'APPLICATION_CREATED', ...ids }), { type: 'application.created', data: { applicationId: ids.applicationId, openingId: ids.openingId } });
    assert.deepEqual(webhookEventOf({ type: 'CANDIDATE_UPDATED', ...ids, stage: { id: 'OFFER', rejected: false } })?.type, 'application.stage_changed');
    assert.deepEqual(webhookEventOf({ type: 'CANDIDATE_UPDATED', ...ids, stage: { id: 'REJECTED', rejected: true } })?.type, 'application.rejected');
    assert.deepEqual(webhookEventOf({ type: 'APPLICATION_STEP_FINISHED', ...ids, stepId: 's'.repeat(24), finished: true }), {
      type: 'step.finished',
      data: { applicationId: ids.applicationId, openingId: ids.openingId, stepId: 's'.repeat(24) },
    });
    assert.deepEqual(webhookEventOf({ type: 'POSTING_CHANGED', companyId: ids.companyId, postingId: 'p'.repeat(24), openingId: ids.openingId, transition: 'published' }), {
      type: 'posting.published',
      data: { postingId: 'p'.repeat(24), openingId: ids.openingId },
    });
  });

  it('sends nothing for changes no event names (a note, an unfinished step, a posting edit)', () => {
    assert.equal(webhookEventOf({ type: 'CANDIDATE_UPDATED', ...ids }), undefined);
    assert.equal(webhookEventOf({ type: 'APPLICATION_STEP_FINISHED', ...ids, stepId: 's'.repeat(24), finished: false }), undefined);
    assert.equal(webhookEventOf({ type: 'POSTING_CHANGED', companyId: ids.companyId, postingId: 'p'.repeat(24) }), undefined);
    assert.equal(webhookEventOf({ type: 'COMPANY_CHANGED', companyId: ids.companyId }), undefined);
  });
});
