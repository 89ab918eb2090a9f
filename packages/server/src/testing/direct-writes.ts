import type { FastifyInstance } from 'fastify';
import { DEMO } from '../seed/demo-ids';

/**
 * Tests that change rows with SQL bypass the services, which are what tell the public answer
 * cache about a write; this says it for them, as the service would have.
 */
export function reportDirectWrite(app: FastifyInstance, companyId: string = DEMO.companyId): void {
  app.domainEvents.emit({ type: 'COMPANY_CHANGED', companyId });
}
