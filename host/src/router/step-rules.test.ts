import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '@rec/api-client';
import type { ApplicationStep, NextStepAnswer, StepProduct } from '@rec/core/steps';
import { memoryStorage } from '@rec/stores';
import type { RouteServices } from './services';
import { afStep, stepPage, stepsEntry, withStepsLanguage } from './step-rules';
import type { NavigationContext } from './types';

function context(path: string, params: Record<string, string> = {}): NavigationContext {
  return { pathname: path, query: new URLSearchParams(), params, data: {} };
}

let ids = 0;
const step = (product: StepProduct, status: string): ApplicationStep => ({
  _id: `id${++ids}`,
  product,
  position: ids,
  stepConfig: { status: status as ApplicationStep['stepConfig']['status'] },
  config: { provider: 'builtin' },
});

function services(answer: NextStepAnswer | Error, warnings: string[] = []): RouteServices {
  return {
    getSession: async () => null,
    clearSession: async () => {},
    authorizeToken: async () => ({ email: 'x' }),
    removeApplicantData: async () => ({}),
    fetchInvitation: async () => ({ redirectTo: '/' }) as never,
    fetchTenants: async () => [],
    switchTenant: async () => ({ redirectTo: '/' }) as never,
    loadRecruiterArea: async () => ({}),
    fetchNextStep: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
    warn: (key) => void warnings.push(key),
    storage: memoryStorage(),
    cookiesEnabled: () => true,
    origin: 'https://jobs.example.com',
  };
}
const flow = (...steps: ApplicationStep[]): NextStepAnswer => ({ steps, step: steps.find((s) => s.stepConfig.status !== 'DONE') ?? null });
const to = (path: string) => ({ kind: 'redirect', to: path });
const CONTINUE = { kind: 'continue' };

describe('applicant entry (steps-entry)', () => {
  it('goes to the current product, testCompleted at the end, contactSupport on failure', async () => {
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), services(flow(step('application-form', 'DONE'), step('interview', 'PENDING')))), to('/applicant/steps/interview'));
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), services(flow(step('shape', 'DONE')))), to('/applicant/message?messageKey=testCompleted'));
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), services(new ApiError(500))), to('/applicant/message?messageKey=contactSupport'));
  });
});

describe('/applicant/steps/{afstep} status routes (af-step)', () => {
  const cases: Array<[string, ReturnType<typeof to> | typeof CONTINUE]> = [
    ['PERMISSION_REQUIRED', to('/applicant/steps/shape/grantPermission')],
    ['CONSENT_RELAY', to('/applicant/steps/shape/relayConsent')],
    ['LOGIN_REQUIRED', to('/applicant/steps/shape/login')],
    ['DONE', to('/applicant/steps/shape/consent')],
    ['LINKED', CONTINUE],
    ['PENDING', CONTINUE],
    ['STARTED', CONTINUE],
  ];
  for (const [status, expected] of cases) {
    it(`${status} -> ${'to' in expected ? expected.to : 'stays'}`, async () => {
      const shape = step('shape', status);
      const answer = flow(step('application-form', 'DONE'), shape);
      const ctx = context('/applicant/steps/shape', { afstep: 'shape' });
      assert.deepEqual(await afStep(ctx, services(answer)), expected);
      if (expected === CONTINUE) assert.equal(ctx.data.step, shape, 'the page gets its step');
    });
  }
  it('warns "contact support" on an unknown status and goes to next', async () => {
    const warnings: string[] = [];
    const answer = flow(step('drive', 'EXPIRED'));
    assert.deepEqual(await afStep(context('/applicant/steps/drive', { afstep: 'drive' }), services(answer, warnings)), to('/applicant/steps/next'));
    assert.deepEqual(warnings, ['contactSupport']);
  });
  it('sends an afstep other than shape/drive/brain, or one the process lacks, to next', async () => {
    assert.deepEqual(await afStep(context('/applicant/steps/interview', { afstep: 'interview' }), services(flow(step('interview', 'PENDING')))), to('/applicant/steps/next'));
    assert.deepEqual(await afStep(context('/applicant/steps/brain', { afstep: 'brain' }), services(flow(step('shape', 'PENDING')))), to('/applicant/steps/next'));
  });
  it('sends a step still behind earlier ones to next', async () => {
    assert.deepEqual(
      await afStep(context('/applicant/steps/shape', { afstep: 'shape' }), services(flow(step('application-form', 'PENDING'), step('shape', 'PENDING')))),
      to('/applicant/steps/next'),
    );
  });
  it('keeps a status sub-page only while the status holds', async () => {
    const answer = flow(step('shape', 'CONSENT_RELAY'));
    assert.deepEqual(await afStep(context('/applicant/steps/shape/relayConsent', { afstep: 'shape' }), services(answer)), CONTINUE);
    assert.deepEqual(await afStep(context('/applicant/steps/shape/grantPermission', { afstep: 'shape' }), services(answer)), to('/applicant/steps/shape/relayConsent'));
  });
});

describe('step page locale', () => {
  it("is the application's", async () => {
    const ctx = context('/applicant/steps/application-form');
    const fake = { ...services(flow(step('application-form', 'PENDING'))), fetchApplicationLocale: async () => 'pl' };
    assert.deepEqual(await stepPage(ctx, fake), CONTINUE);
    assert.equal(ctx.locale, 'pl');
  });
});

describe('product pages (step-page)', () => {
  it('need a current step of their product', async () => {
    const answer = flow(step('application-form', 'DONE'), step('interview', 'STARTED'));
    assert.deepEqual(await stepPage(context('/applicant/steps/interview/recording'), services(answer)), CONTINUE);
    assert.deepEqual(await stepPage(context('/applicant/steps/application-form'), services(answer)), to('/applicant/steps/next'));
    assert.deepEqual(await stepPage(context('/applicant/steps/constants'), services(answer)), CONTINUE);
    assert.deepEqual(await stepPage(context('/applicant/steps/constants'), services(flow(step('shape', 'DONE')))), to('/applicant/steps/next'));
  });
});

describe('one language from the first step page to the last (issue 25)', () => {
  const inGerman = (answer: NextStepAnswer): RouteServices => ({ ...services(answer), fetchApplicationLocale: async () => 'de' });

  it("carries the application's language to the last page, which has no application to ask", async () => {
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), inGerman(flow(step('shape', 'DONE')))), to('/applicant/message?messageKey=testCompleted&language=de'));
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), inGerman(flow(step('interview', 'PENDING')))), to('/applicant/steps/interview?language=de'));
  });

  it('keeps a language the candidate chose on a step page (the link carries it) over the application’s', async () => {
    const chosen = context('/applicant/steps/next');
    chosen.query = new URLSearchParams('language=pl');
    assert.deepEqual(await stepsEntry(chosen, inGerman(flow(step('shape', 'DONE')))), to('/applicant/message?messageKey=testCompleted&language=pl'));
    assert.equal(chosen.locale, 'pl');
  });

  it('ends on "application withdrawn" when the candidate withdrew it', async () => {
    const answer: NextStepAnswer = { steps: [step('interview', 'PENDING')], step: null, withdrawn: true };
    assert.deepEqual(await stepsEntry(context('/applicant/steps/next'), inGerman(answer)), to('/applicant/message?messageKey=applicationWithdrawn&language=de'));
  });

  it('leaves links outside the applicant area alone', () => {
    assert.equal(withStepsLanguage('/login?redirect=%2Fapplicant', 'de'), '/login?redirect=%2Fapplicant');
    assert.equal(withStepsLanguage('/applicant/steps/next', 'xx'), '/applicant/steps/next');
  });
});
