import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Holding } from '../../http/upload-guard';
import type { NamedKeys } from '../storage/orphan-files';

/** What one application's steps hold: each step's files (form files, interview attempts) and the whole. */
export interface ApplicationHoldings {
  steps: ReadonlyMap<string, Holding>;
  application: Holding;
}

/** The form step's files as a JSON object (an older or odd progress may have none). */
const FILES = sql`jsonb_each(case when jsonb_typeof(s.progress -> 'files') = 'object' then s.progress -> 'files' else '{}'::jsonb end)`;

export type StepUploadRepository = ReturnType<typeof createStepUploadRepository>;

/**
 * The SQL behind the step flow's upload bounds (issue 24, H2) and the sweep of step files and
 * interview answers no record names. Counts cast in SQL: pg answers bigint as strings.
 */
export function createStepUploadRepository(db: Kysely<Database>) {
  const companiesOf = (keys: readonly string[]) => [...new Set(keys.map((key) => key.slice(0, 24)))];
  return {
    async holdings(companyId: string, applicationId: string): Promise<ApplicationHoldings> {
      const { rows } = await sql<{ stepId: string; files: number; fileBytes: number; answers: number; answerBytes: number }>`
        select s.id as "stepId",
          (select count(*)::int from ${FILES}) as "files",
          (select coalesce(sum((f.value ->> 'size')::float8), 0)::float8 from ${FILES} f) as "fileBytes",
          (select count(*)::int from interview_answers i where i.company_id = s.company_id and i.step_id = s.id) as "answers",
          (select coalesce(sum(i.received), 0)::float8 from interview_answers i where i.company_id = s.company_id and i.step_id = s.id) as "answerBytes"
        from application_steps s
        where s.company_id = ${companyId} and s.application_id = ${applicationId}
      `.execute(db);
      const steps = new Map<string, Holding>();
      const application = { count: 0, bytes: 0 };
      for (const row of rows) {
        const step = { count: Number(row.files) + Number(row.answers), bytes: Number(row.fileBytes) + Number(row.answerBytes) };
        steps.set(row.stepId, step);
        application.count += step.count;
        application.bytes += step.bytes;
      }
      return { steps, application };
    },

    /** The step files a form step's progress names. */
    stepFiles: {
      async existingKeys(keys) {
        if (keys.length === 0) return new Set();
        const { rows } = await sql<{ key: string }>`
          select f.value ->> 'key' as key
          from application_steps s cross join lateral ${FILES} f
          where s.company_id in (${sql.join(companiesOf(keys))}) and f.value ->> 'key' in (${sql.join(keys)})
        `.execute(db);
        return new Set(rows.map((row) => row.key));
      },
    } satisfies NamedKeys,

    /** The interview answers a row names. */
    interviewAnswers: {
      async existingKeys(keys) {
        if (keys.length === 0) return new Set();
        const rows = await db.selectFrom('interview_answers').select('storage_key').where('storage_key', 'in', keys).execute();
        return new Set(rows.map((row) => row.storage_key));
      },
    } satisfies NamedKeys,
  };
}
