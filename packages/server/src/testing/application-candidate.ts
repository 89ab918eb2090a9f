import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The candidate an application belongs to. The apply answer carries no candidate id on purpose
 * (it would tell anyone whether an address applied before), so tests read it from the database.
 */
export async function candidateOfApplication(db: Kysely<Database>, applicationId: string): Promise<string> {
  const row = await db.selectFrom('applications').select('candidate_id').where('id', '=', applicationId).executeTakeFirstOrThrow();
  return row.candidate_id;
}
