import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

/** A step file and an interview answer of an application, on disk and named by their rows. */
export interface CandidateFiles {
  stepFileKey: string;
  videoKey: string;
}

/**
 * Gives an application a form step holding an uploaded file and an interview step holding a
 * recorded answer, written through the app's own file stores: the removal tests check these
 * files go with the candidate's data (issue 12), not only the uploads.
 */
export async function giveStepFiles(app: FastifyInstance, db: Kysely<Database>, companyId: string, applicationId: string): Promise<CandidateFiles> {
  const staged = await app.fileStores.stepFiles.stage(companyId, Buffer.from('%PDF-1.4 answer'), 'pdf');
  await staged.commit();
  const videoKey = await app.fileStores.interviews.create(companyId, 'video');
  await app.fileStores.interviews.append(videoKey, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]));
  const formStep = await stepOf(db, companyId, applicationId, 'application-form');
  const progress = { files: { [newId()]: { key: staged.key, name: 'answer.pdf', questionId: 'q1' } } };
  await db.updateTable('application_steps').set({ progress }).where('company_id', '=', companyId).where('id', '=', formStep).execute();
  const interviewStep = await stepOf(db, companyId, applicationId, 'interview');
  await db.insertInto('interview_answers').values({ company_id: companyId, step_id: interviewStep, question_id: 'q-files', attempt: 1, storage_key: videoKey }).execute();
  return { stepFileKey: staged.key, videoKey };
}

/** The application's step of `product` (one per product), made when its process has none. */
async function stepOf(db: Kysely<Database>, companyId: string, applicationId: string, product: string): Promise<string> {
  const found = await db
    .selectFrom('application_steps')
    .select('id')
    .where('company_id', '=', companyId)
    .where('application_id', '=', applicationId)
    .where('product', '=', product)
    .executeTakeFirst();
  if (found) return found.id;
  const last = await db
    .selectFrom('application_steps')
    .select((eb) => eb.fn.max<number>('position').as('position'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const id = newId();
  await db
    .insertInto('application_steps')
    .values({ id, company_id: companyId, application_id: applicationId, position: Number(last?.position ?? 0) + 1, product, config: {}, status: 'STARTED' })
    .execute();
  return id;
}

/** Whether each of the files is still in its store. */
export async function filesExist(app: FastifyInstance, files: CandidateFiles): Promise<{ stepFile: boolean; video: boolean }> {
  return {
    stepFile: !!(await app.fileStores.stepFiles.stat(files.stepFileKey)),
    video: !!(await app.fileStores.interviews.stat(files.videoKey)),
  };
}
