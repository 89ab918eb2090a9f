import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { FileStorage } from '../modules/storage/file-storage';
import { cvPdf } from './cv-pdf';

interface DemoForm {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  cv?: { name?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Gives every seeded application that names a CV but has no file a real PDF (issue 9, item 11):
 * generated here with the candidate's name, stored like an upload and linked to the application,
 * so a recruiter who downloads it can open it. Applications that already have a file are left
 * alone, so seeding twice adds nothing. `companyId` limits it to that company's applications.
 */
export async function seedDemoCvs(db: Kysely<Database>, storage: FileStorage, companyId?: string): Promise<number> {
  let select = db.selectFrom('applications').select(['id', 'company_id', 'form']).where('cv_upload_id', 'is', null);
  // One company's only (a test company seeded while others exist): never another's applications.
  if (companyId) select = select.where('company_id', '=', companyId);
  const applications = await select.execute();
  let written = 0;
  for (const application of applications) {
    const form = application.form as DemoForm;
    const name = text(form.cv?.name);
    if (!name.endsWith('.pdf')) continue;
    const fullName = `${text(form.firstName)} ${text(form.lastName)}`.trim();
    const bytes = cvPdf(
      [
        { text: fullName, size: 20 },
        { text: [text(form.email), text(form.phone)].filter(Boolean).join('  ·  ') },
        { text: 'Curriculum vitae', size: 14 },
        { text: 'Experience: 2019-2026, engineering and operations in Luxembourg.' },
        { text: 'Languages: French, German, English.' },
      ],
      `CV ${fullName}`,
    );
    // Same order as an upload: the file under a temporary name, the rows, then the rename.
    const staged = await storage.stage(application.company_id, bytes, 'pdf');
    const id = newId();
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('uploads')
          .values({ id, company_id: application.company_id, storage_key: staged.key, original_name: name, content_type: 'application/pdf', size: bytes.length })
          .execute();
        await trx.updateTable('applications').set({ cv_upload_id: id }).where('company_id', '=', application.company_id).where('id', '=', application.id).execute();
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
    await staged.commit();
    written++;
  }
  return written;
}
