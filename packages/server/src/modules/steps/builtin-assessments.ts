import { createHash } from 'node:crypto';
import type { AssessmentContent, AssessmentProvider, AssessmentStep } from './assessment-provider';

/**
 * The built-in provider: works with no outside service.
 * - shape: ten public-domain IPIP Big-Five markers (Goldberg 1992, ipip.ori.org), two per
 *   trait, one keyed each way; 1..5 agreement; a 1..5 score per trait.
 * - drive: eight work-motivation statements, two per motive; a 1..5 score per motive.
 * - brain: ten number-sequence items generated from the step id (the same step always gets the
 *   same items; another candidate gets others), five minutes in all; the score counts correct
 *   answers given in time (with a grace period for the network).
 * Item texts are translation keys (`steps.items.<id>`) in every locale; only ids travel.
 */

type Keyed = { id: string; trait: string; reverse: boolean };

export const SHAPE_ITEMS: readonly Keyed[] = [
  { id: 'shape-e1', trait: 'extraversion', reverse: false },
  { id: 'shape-e2', trait: 'extraversion', reverse: true },
  { id: 'shape-a1', trait: 'agreeableness', reverse: false },
  { id: 'shape-a2', trait: 'agreeableness', reverse: true },
  { id: 'shape-c1', trait: 'conscientiousness', reverse: false },
  { id: 'shape-c2', trait: 'conscientiousness', reverse: true },
  { id: 'shape-n1', trait: 'emotionalStability', reverse: true },
  { id: 'shape-n2', trait: 'emotionalStability', reverse: false },
  { id: 'shape-o1', trait: 'openness', reverse: false },
  { id: 'shape-o2', trait: 'openness', reverse: true },
];

export const DRIVE_ITEMS: readonly Keyed[] = [
  { id: 'drive-mastery1', trait: 'mastery', reverse: false },
  { id: 'drive-mastery2', trait: 'mastery', reverse: false },
  { id: 'drive-autonomy1', trait: 'autonomy', reverse: false },
  { id: 'drive-autonomy2', trait: 'autonomy', reverse: false },
  { id: 'drive-purpose1', trait: 'purpose', reverse: false },
  { id: 'drive-purpose2', trait: 'purpose', reverse: false },
  { id: 'drive-security1', trait: 'security', reverse: false },
  { id: 'drive-security2', trait: 'security', reverse: false },
];

export const BRAIN_ITEM_COUNT = 10;
export const BRAIN_SECONDS = 300;
const GRACE_MS = 15_000;

export interface BrainItem {
  id: string;
  sequence: number[];
  options: number[];
  answer: number;
}

/** A deterministic stream of small integers from the step id. */
function seeded(seed: string): () => number {
  let counter = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0);
  };
}

/** Ten sequences (arithmetic, geometric, alternating, squares) with the next number and three wrong options. */
export function brainItems(stepId: string): BrainItem[] {
  const next = seeded(stepId);
  const items: BrainItem[] = [];
  for (let index = 0; index < BRAIN_ITEM_COUNT; index += 1) {
    const kind = next() % 4;
    const start = 1 + (next() % 9);
    const step = 2 + (next() % 6);
    let sequence: number[];
    let answer: number;
    if (kind === 0) {
      sequence = [0, 1, 2, 3, 4].map((n) => start + n * step);
      answer = start + 5 * step;
    } else if (kind === 1) {
      const ratio = 2 + (next() % 2);
      sequence = [0, 1, 2, 3].map((n) => start * ratio ** n);
      answer = start * ratio ** 4;
    } else if (kind === 2) {
      const other = step + 1;
      sequence = [start, start + step, start + step - other, start + 2 * step - other, start + 2 * step - 2 * other];
      answer = start + 3 * step - 2 * other;
    } else {
      sequence = [0, 1, 2, 3].map((n) => (start + n) ** 2);
      answer = (start + 4) ** 2;
    }
    const wrong = new Set<number>();
    for (const delta of [step, -1, 1 + (next() % 3), -step - 1, 2 * step]) {
      if (wrong.size < 3 && answer + delta !== answer) wrong.add(answer + delta);
    }
    // The right answer sits at a position drawn from the seed, not always last.
    const options = [...wrong];
    options.splice(next() % (options.length + 1), 0, answer);
    items.push({ id: `brain-${index + 1}`, sequence, options, answer });
  }
  return items;
}

function likertScores(items: readonly Keyed[], answers: Record<string, number>): { result?: Record<string, unknown>; problem?: string } {
  const sums = new Map<string, number[]>();
  for (const item of items) {
    const value = answers[item.id];
    if (!Number.isInteger(value) || value! < 1 || value! > 5) return { problem: 'steps.errors.answers' };
    const scored = item.reverse ? 6 - value! : value!;
    sums.set(item.trait, [...(sums.get(item.trait) ?? []), scored]);
  }
  const scores = Object.fromEntries([...sums].map(([trait, values]) => [trait, values.reduce((a, b) => a + b, 0) / values.length]));
  return { result: { scores } };
}

const LIKERT: Record<'shape' | 'drive', readonly Keyed[]> = { shape: SHAPE_ITEMS, drive: DRIVE_ITEMS };

export function createBuiltinProvider(): AssessmentProvider {
  return {
    name: 'builtin',
    // The built-in provider always asks first: the consent page is where the candidate agrees to pass data on.
    start: () => ({ status: 'CONSENT_RELAY' }),
    link: (step) => ({ accountRef: `builtin-${step.id}` }),
    content(step: AssessmentStep): AssessmentContent {
      if (step.product === 'brain') {
        return {
          kind: 'choice',
          items: brainItems(step.id).map(({ id, sequence, options }) => ({ id, sequence, options })),
          timeLimitSeconds: BRAIN_SECONDS,
          startedAt: typeof step.progress.startedAt === 'string' ? step.progress.startedAt : undefined,
        };
      }
      return { kind: 'likert', items: LIKERT[step.product as 'shape' | 'drive'].map(({ id }) => ({ id })) };
    },
    score(step, answers, now) {
      if (step.product !== 'brain') return likertScores(LIKERT[step.product as 'shape' | 'drive'], answers);
      const startedAt = typeof step.progress.startedAt === 'string' ? Date.parse(step.progress.startedAt) : Number.NaN;
      const inTime = Number.isFinite(startedAt) && now.getTime() <= startedAt + BRAIN_SECONDS * 1000 + GRACE_MS;
      const items = brainItems(step.id);
      const correct = inTime ? items.filter((item) => answers[item.id] === item.answer).length : 0;
      return { result: { correct, total: items.length, inTime } };
    },
  };
}
