import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTACT_SUPPORT_PATH, NEXT_STEP_PATH, STEPS_BASE, TEST_COMPLETED_PATH } from '@rec/core/step-routing';
import type { ApplicationStep, NextStepAnswer, StepStatus } from '@rec/core/steps';
import { walkSteps } from './walk-steps';

const step = (id: string, product: ApplicationStep['product'], status: StepStatus, position: number): ApplicationStep => ({
  _id: id.padStart(24, '0'),
  product,
  position,
  stepConfig: { status },
  config: {} as ApplicationStep['config'],
});

/** application-form done, interview current, shape waiting (or in `shapeStatus` and current). */
function answer(current: 'interview' | 'shape' | null, shapeStatus: StepStatus = 'PENDING'): NextStepAnswer {
  const steps = [step('a1', 'application-form', 'DONE', 0), step('a2', 'interview', current === 'interview' ? 'STARTED' : 'DONE', 1), step('a3', 'shape', shapeStatus, 2)];
  return { steps, step: current === 'interview' ? steps[1]! : current === 'shape' ? steps[2]! : null };
}

describe('walkSteps (the element walks the spec §2 paths in memory)', () => {
  it('next goes to the current product, testCompleted when none is left, contactSupport on a failed fetch', () => {
    assert.deepEqual(walkSteps(NEXT_STEP_PATH, answer('interview')), { kind: 'go', to: `${STEPS_BASE}/interview` });
    assert.deepEqual(walkSteps(NEXT_STEP_PATH, answer(null)), { kind: 'go', to: TEST_COMPLETED_PATH });
    assert.deepEqual(walkSteps(TEST_COMPLETED_PATH, answer(null)), { kind: 'end', messageKey: 'testCompleted' });
    assert.deepEqual(walkSteps(NEXT_STEP_PATH, null), { kind: 'end', messageKey: 'contactSupport' });
    assert.deepEqual(walkSteps(CONTACT_SUPPORT_PATH, answer('interview')), { kind: 'end', messageKey: 'contactSupport' });
  });

  it('shows a product page only for the current step of that product', () => {
    const interview = answer('interview');
    assert.deepEqual(walkSteps(`${STEPS_BASE}/interview/recording`, interview), { kind: 'view', view: 'interview-recording', step: interview.step, afstep: null });
    assert.deepEqual(walkSteps(`${STEPS_BASE}/application-form`, interview), { kind: 'go', to: NEXT_STEP_PATH });
    assert.deepEqual(walkSteps('/elsewhere', interview), { kind: 'go', to: NEXT_STEP_PATH });
  });

  it('sends an assessment to the page of its status, and a waiting one back to next', () => {
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape`, answer('interview')), { kind: 'go', to: NEXT_STEP_PATH });
    const consent = answer('shape', 'CONSENT_RELAY');
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape`, consent), { kind: 'go', to: `${STEPS_BASE}/shape/relayConsent` });
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape/relayConsent`, consent), { kind: 'view', view: 'relay-consent', step: consent.step, afstep: 'shape' });
    const started = answer('shape', 'STARTED');
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape`, started), { kind: 'view', view: 'assessment', step: started.step, afstep: 'shape' });
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape/grantPermission`, started), { kind: 'go', to: `${STEPS_BASE}/shape` });
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape/constants`, started), { kind: 'view', view: 'assessment-constants', step: started.step, afstep: 'shape' });
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape/nope`, started), { kind: 'go', to: NEXT_STEP_PATH });
    const odd = answer('shape', 'WHATEVER' as StepStatus);
    assert.deepEqual(walkSteps(`${STEPS_BASE}/shape`, odd), { kind: 'go', to: NEXT_STEP_PATH, warning: 'contactSupport' });
  });

  it('treats an answer with a malformed step id as a failed fetch', () => {
    const broken = answer('interview');
    broken.steps[0] = { ...broken.steps[0]!, _id: '../../admin' };
    assert.deepEqual(walkSteps(NEXT_STEP_PATH, broken), { kind: 'end', messageKey: 'contactSupport' });
  });
});
