import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afStepRoute, afSubPageRoute, CONTACT_SUPPORT_PATH, entryRoute, NEXT_STEP_PATH, productPageRoute, TEST_COMPLETED_PATH } from './step-routing';
import type { ApplicationStep, StepProduct } from './steps';

const step = (product: StepProduct, status: ApplicationStep['stepConfig']['status'] = 'PENDING'): ApplicationStep => ({
  _id: '0123456789abcdef01234567',
  product,
  position: 0,
  stepConfig: { status },
  config: { provider: 'builtin' },
});

describe('applicant entry (spec §2)', () => {
  it('sends a finished process to testCompleted', () => {
    assert.deepEqual(entryRoute({ steps: [step('shape', 'DONE')], step: null }), { kind: 'go', to: TEST_COMPLETED_PATH });
  });
  it('sends each product to its page', () => {
    for (const product of ['application-form', 'interview', 'shape', 'drive', 'brain'] as const) {
      assert.deepEqual(entryRoute({ steps: [step(product)], step: step(product) }), { kind: 'go', to: `/applicant/steps/${product}` });
    }
  });
  it('sends a failure or an unknown product to contactSupport', () => {
    assert.deepEqual(entryRoute(null), { kind: 'go', to: CONTACT_SUPPORT_PATH });
    const odd = { ...step('shape'), product: 'typing' as StepProduct };
    assert.deepEqual(entryRoute({ steps: [odd], step: odd }), { kind: 'go', to: CONTACT_SUPPORT_PATH });
  });
});

describe('/applicant/steps/{afstep} status routes (spec §2)', () => {
  it('PERMISSION_REQUIRED goes to grantPermission', () => {
    assert.deepEqual(afStepRoute('shape', 'PERMISSION_REQUIRED'), { kind: 'go', to: '/applicant/steps/shape/grantPermission' });
  });
  it('CONSENT_RELAY goes to relayConsent', () => {
    assert.deepEqual(afStepRoute('drive', 'CONSENT_RELAY'), { kind: 'go', to: '/applicant/steps/drive/relayConsent' });
  });
  it('LOGIN_REQUIRED goes to login', () => {
    assert.deepEqual(afStepRoute('brain', 'LOGIN_REQUIRED'), { kind: 'go', to: '/applicant/steps/brain/login' });
  });
  it('DONE goes to consent', () => {
    assert.deepEqual(afStepRoute('shape', 'DONE'), { kind: 'go', to: '/applicant/steps/shape/consent' });
  });
  it('LINKED, PENDING and STARTED stay on the page', () => {
    for (const status of ['LINKED', 'PENDING', 'STARTED']) assert.deepEqual(afStepRoute('brain', status), { kind: 'stay' }, status);
  });
  it('an unknown status warns "contact support" and goes to next', () => {
    assert.deepEqual(afStepRoute('shape', 'EXPIRED'), { kind: 'go', to: NEXT_STEP_PATH, warning: 'contactSupport' });
  });
  it('an afstep other than shape, drive or brain goes to next', () => {
    for (const afstep of ['interview', 'application-form', 'typing', '']) assert.deepEqual(afStepRoute(afstep, 'PENDING'), { kind: 'go', to: NEXT_STEP_PATH }, afstep);
  });
  it('a page without step config goes to next', () => {
    assert.deepEqual(afStepRoute('shape', undefined), { kind: 'go', to: NEXT_STEP_PATH });
    assert.deepEqual(afStepRoute('shape', null), { kind: 'go', to: NEXT_STEP_PATH });
  });
});

describe('status sub-pages', () => {
  it('stay while the step has their status', () => {
    assert.deepEqual(afSubPageRoute('shape', 'grantPermission', 'PERMISSION_REQUIRED'), { kind: 'stay' });
    assert.deepEqual(afSubPageRoute('shape', 'relayConsent', 'CONSENT_RELAY'), { kind: 'stay' });
    assert.deepEqual(afSubPageRoute('shape', 'consent', 'DONE'), { kind: 'stay' });
    assert.deepEqual(afSubPageRoute('shape', 'login', 'LOGIN_REQUIRED'), { kind: 'stay' });
  });
  it('send a stale page to where the status belongs', () => {
    assert.deepEqual(afSubPageRoute('shape', 'relayConsent', 'PERMISSION_REQUIRED'), { kind: 'go', to: '/applicant/steps/shape/grantPermission' });
    assert.deepEqual(afSubPageRoute('shape', 'grantPermission', 'STARTED'), { kind: 'go', to: '/applicant/steps/shape' });
    assert.deepEqual(afSubPageRoute('typing', 'consent', 'DONE'), { kind: 'go', to: NEXT_STEP_PATH });
  });
  it('show the instructions of a known step only', () => {
    assert.deepEqual(afSubPageRoute('drive', 'constants', 'PENDING'), { kind: 'stay' });
    assert.deepEqual(afSubPageRoute('drive', 'constants', undefined), { kind: 'go', to: NEXT_STEP_PATH });
  });
});

describe('product pages', () => {
  it('need a current step of the page product', () => {
    assert.deepEqual(productPageRoute('interview', step('interview')), { kind: 'stay' });
    assert.deepEqual(productPageRoute('interview', step('application-form')), { kind: 'go', to: NEXT_STEP_PATH });
    assert.deepEqual(productPageRoute('application-form', null), { kind: 'go', to: NEXT_STEP_PATH });
    assert.deepEqual(productPageRoute(null, step('shape')), { kind: 'stay' });
  });
});
