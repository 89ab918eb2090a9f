import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { toggleChoice } from './choices';
import { answerFromApplication, canTransition, DEFAULT_PROCESS, type FormQuestion, formAnswerProblems, openQuestions, ProcessSchema, questionProblem, STEP_PRODUCTS, STEP_STATUSES } from './steps';

describe('step transitions', () => {
  it('lets the form and the interview start and finish, and nothing leave DONE', () => {
    for (const product of ['application-form', 'interview'] as const) {
      assert.ok(canTransition(product, 'PENDING', 'STARTED'));
      assert.ok(canTransition(product, 'STARTED', 'DONE'));
      assert.ok(!canTransition(product, 'PENDING', 'CONSENT_RELAY'));
    }
    for (const product of STEP_PRODUCTS) for (const to of STEP_STATUSES) assert.ok(!canTransition(product, 'DONE', to), `${product} DONE -> ${to}`);
  });
  it('walks an assessment through consent, link, start and permission', () => {
    const path = ['PENDING', 'CONSENT_RELAY', 'LINKED', 'STARTED', 'PERMISSION_REQUIRED', 'DONE'] as const;
    for (let index = 1; index < path.length; index += 1) assert.ok(canTransition('shape', path[index - 1]!, path[index]!));
    assert.ok(!canTransition('shape', 'PENDING', 'DONE'));
    assert.ok(!canTransition('brain', 'STARTED', 'DONE'));
  });
});

describe('process schema', () => {
  it('accepts the default process', () => assert.ok(v.is(ProcessSchema, DEFAULT_PROCESS)));
  it('refuses an empty process and a product twice', () => {
    assert.ok(!v.is(ProcessSchema, { steps: [] }));
    const shape = { product: 'shape', config: { provider: 'builtin' } };
    assert.ok(!v.is(ProcessSchema, { steps: [shape, shape] }));
  });
  it('refuses an interview out of its limits and a choice question without choices', () => {
    const interview = (answerSeconds: number) => ({
      steps: [{ product: 'interview', config: { questions: [{ id: 'q1', text: { en: 'Why?' } }], thinkSeconds: 30, answerSeconds, retakes: 1 } }],
    });
    assert.ok(v.is(ProcessSchema, interview(90)));
    assert.ok(!v.is(ProcessSchema, interview(5)));
    const choice = { id: 'c', type: 'singleChoice', label: { en: 'Pick' }, required: true, choices: [{ id: 'a', label: { en: 'A' } }] };
    assert.ok(!v.is(ProcessSchema, { steps: [{ product: 'application-form', config: { questions: [choice] } }] }));
  });
});

describe('form answers (spec §5 rules)', () => {
  const questions: FormQuestion[] = [
    { id: 'motivation', type: 'longText', label: { en: 'Why us?' }, required: true },
    { id: 'shift', type: 'singleChoice', label: { en: 'Shift' }, required: true, choices: [{ id: 'day', label: { en: 'Day' } }, { id: 'night', label: { en: 'Night' } }] },
    { id: 'langs', type: 'multipleChoice', label: { en: 'Languages' }, required: false, choices: [{ id: 'de', label: { en: 'German' } }, { id: 'fr', label: { en: 'French' } }] },
    { id: 'relocate', type: 'yesNo', label: { en: 'Relocate?' }, required: true },
    { id: 'years', type: 'number', label: { en: 'Years' }, required: false },
    { id: 'start', type: 'date', label: { en: 'Start' }, required: false },
    { id: 'portfolio', type: 'file', label: { en: 'Portfolio' }, required: false, extensions: 'PDF' },
  ];
  it('accepts good answers', () => {
    const problems = formAnswerProblems(questions, {
      motivation: 'Because',
      shift: 'night',
      langs: ['de'],
      relocate: 'no',
      years: '4.5',
      start: '01/02/2020',
      portfolio: { fileId: '0123456789abcdef01234567', name: 'work.pdf' },
    });
    assert.deepEqual(problems, {});
  });
  it('names each wrong answer with its key', () => {
    const problems = formAnswerProblems(questions, {
      motivation: '   ',
      shift: 'evening',
      langs: ['de', 'de'],
      years: 'many',
      start: '31/02/2020',
      portfolio: { fileId: '0123456789abcdef01234567', name: 'work.docx' },
    });
    assert.deepEqual(problems, {
      motivation: 'errors.required',
      shift: 'steps.errors.choice',
      langs: 'steps.errors.choice',
      relocate: 'errors.required',
      years: 'steps.errors.number',
      start: 'errors.date',
      portfolio: 'offerPage.invalidFileExtension',
    });
  });
});

describe('answers the apply form already gave, and "none" (issue 25)', () => {
  const licence: FormQuestion = { id: 'licence', type: 'yesNo', label: { en: 'Licence?' }, required: true, applyField: 'drivingLicenses' };
  const which: FormQuestion = {
    id: 'which',
    type: 'multipleChoice',
    label: { en: 'Which?' },
    required: true,
    applyField: 'drivingLicenses',
    choices: [
      { id: 'b', label: { en: 'Car' } },
      { id: 'c', label: { en: 'Truck' } },
    ],
  };

  it('takes a linked question from the apply field when the candidate filled it, and asks it otherwise', () => {
    assert.equal(answerFromApplication(licence, { drivingLicenses: ['B'] }), 'yes');
    assert.equal(answerFromApplication(licence, { drivingLicenses: ['none'] }), 'no');
    assert.equal(answerFromApplication(licence, { drivingLicenses: [] }), undefined);
    assert.deepEqual(answerFromApplication(which, { drivingLicenses: ['B', 'CE'] }), ['b']);
    assert.equal(answerFromApplication({ ...licence, applyField: undefined }, { drivingLicenses: ['B'] }), undefined);
    assert.equal(answerFromApplication({ ...licence, applyField: 'hasWorkPermit' }, { hasWorkPermit: 'no' }), 'no');
    assert.deepEqual(
      openQuestions([licence, which], ['licence']).map((question) => question.id),
      ['which'],
    );
  });

  it('accepts "none" alone as the answer of a required checkbox group', () => {
    assert.equal(questionProblem(which, ['none']), null);
    assert.equal(questionProblem(which, ['none', 'b']), 'steps.errors.choice');
    assert.equal(questionProblem({ ...which, required: false }, ['none']), 'steps.errors.choice');
  });

  it('makes "none" and the other choices exclude each other', () => {
    assert.deepEqual(toggleChoice(['b', 'c'], 'none', true), ['none']);
    assert.deepEqual(toggleChoice(['none'], 'b', true), ['b']);
    assert.deepEqual(toggleChoice(['b', 'c'], 'b', false), ['c']);
  });
});
