import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { DEMO } from '../../seed/demo-ids';
import { type AuthTestApp, buildAuthTestApp } from '../../testing/auth-helpers';
import { describeEachBackend, testAppConfig } from '../../testing/test-database';
import { renderNoteMention } from '../candidate-review/mention-mail';
import { renderCandidateMail } from '../mail-templates/render';
import { renderNewApplicationMail } from '../notifications/mails';
import { renderApplicationReceived } from './templates';

/** Issue 24 (M3): the attack's first name, as stored before names were checked (legacy rows, imports). */
const HOSTILE_NAME = 'Kunde\n\nIhr Konto wurde gesperrt. Entsperren:\nhttps://evil.example/unlock';
const PUBLIC_URL = testAppConfig().publicUrl;
/** A link clients would make of text: a scheme, www., an address or a dotted host name. */
const FOREIGN_LINK = /https?:\/\/evil|evil\.example|www\.evil/;

describeEachBackend('mails: user text is one line and never a link (issue 24, M3)', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
    // A logo, so company mails get their HTML version and both parts are checked.
    const logoImage = { url: `${PUBLIC_URL}/v2/companies/${DEMO.companyId}/logo`, width: 96, height: 48 };
    await sql`update companies set settings = coalesce(settings, '{}'::jsonb) || ${JSON.stringify({ logoImage })}::jsonb where id = ${DEMO.companyId}`.execute(context.db);
  });
  after(() => t.app.close());

  async function sent(mail: Parameters<AuthTestApp['app']['accounts']['mailer']['send']>[0]) {
    await t.app.accounts.mailer.send(mail);
    const [latest] = await t.mails();
    assert.ok(latest);
    return latest;
  }

  function assertSafe(mail: { subject: string; text: string; html?: string; links: string[] }, ...ownLinks: string[]) {
    assert.doesNotMatch(mail.subject, /[\r\n]/, 'the subject is one line');
    assert.doesNotMatch(mail.text, FOREIGN_LINK, 'no link-like user text in the text part');
    assert.ok(!mail.text.includes('\nIhr Konto'), 'the name adds no line of its own');
    assert.deepEqual(mail.links, ownLinks, 'the platform links are the only links');
    if (mail.html !== undefined) {
      assert.doesNotMatch(mail.html, FOREIGN_LINK, 'no link-like user text in the HTML part');
      assert.equal([...mail.html.matchAll(/<a /g)].length, ownLinks.length, 'anchors: the platform links only');
      for (const link of ownLinks) assert.ok(mail.html.includes(`<a href="${link}">`));
    }
  }

  it('a recruiter mail (new application) names the candidate on one line, without a clickable link, in text and HTML', async () => {
    const link = `${PUBLIC_URL}/recruiter/candidates/abc`;
    const mail = await sent(renderNewApplicationMail(DEMO.companyId, { accountId: 'x', email: 'rec@example.com', language: 'de' }, { candidate: HOSTILE_NAME, opening: 'Engineer', link }));
    assert.ok(mail.html, 'the company mail has its HTML version');
    assertSafe(mail, link);
  });

  it('a mention mail keeps the author and candidate names to one line, without links', async () => {
    const link = `${PUBLIC_URL}/recruiter/candidates/def`;
    const mail = await sent(
      renderNoteMention({ companyId: DEMO.companyId, accountId: 'x', to: 'rec@example.com', language: 'en', author: HOSTILE_NAME, candidate: 'www.evil.example', opening: 'Engineer', link }),
    );
    assertSafe(mail, link);
  });

  it('the candidate confirmation (built-in and company template) escapes the name in both parts', async () => {
    const link = `${PUBLIC_URL}/login/token/abc`;
    const requestUrl = `${PUBLIC_URL}/login`;
    const builtIn = renderApplicationReceived('de', 'ana@example.com', { name: HOSTILE_NAME, title: 'Engineer', company: 'Lumen', link, minutes: 30, requestUrl });
    assertSafe(await sent({ ...builtIn, companyId: DEMO.companyId }), link, requestUrl);
    const rendered = await renderCandidateMail(context.db, DEMO.companyId, 'applicationReceived', 'en', { candidateName: HOSTILE_NAME, jobTitle: 'Engineer', companyName: 'Lumen', link });
    assert.ok(rendered);
    const second = await sent({ to: 'ana@example.com', companyId: DEMO.companyId, ...rendered });
    assertSafe(second, link);
  });

  it('an address or a link anywhere in a mail is defused unless it is the platform’s own', async () => {
    const own = `${PUBLIC_URL}/reset/token`;
    const mail = await sent({ to: 'x@example.com', subject: 'Hi\r\nBcc: all@example.com', text: `Mail evil@evil.example or see ${PUBLIC_URL}.evil.example/x, then ${own}` });
    assertSafe(mail, own);
    assert.doesNotMatch(mail.text, /evil@evil/);
  });
});
