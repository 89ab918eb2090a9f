import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventBus, type DomainEvent } from './event-bus';

const finished: DomainEvent = { type: 'APPLICATION_STEP_FINISHED', companyId: 'c', applicationId: 'a', stepId: 's', product: 'shape', finished: false };

describe('event bus', () => {
  it('delivers an event to the subscribers of its type only, until they unsubscribe', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    const off = bus.on('APPLICATION_STEP_FINISHED', (event) => void seen.push(event.stepId));
    bus.on('CANDIDATE_EXTERNAL_SERVICE_LINKED', (event) => void seen.push(`linked ${event.provider}`));
    await bus.emit(finished);
    off();
    await bus.emit(finished);
    assert.deepEqual(seen, ['s']);
  });
  it('logs a failing subscriber and still reaches the others', async () => {
    const errors: string[] = [];
    const bus = createEventBus({ error: (_details, message) => void errors.push(message) });
    let reached = false;
    bus.on('APPLICATION_STEP_FINISHED', () => {
      throw new Error('boom');
    });
    bus.on('APPLICATION_STEP_FINISHED', () => {
      reached = true;
    });
    await bus.emit(finished);
    assert.ok(reached);
    assert.deepEqual(errors, ['event subscriber failed']);
  });
});
