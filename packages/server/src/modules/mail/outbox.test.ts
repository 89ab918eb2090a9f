import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { type AuthTestApp, buildAuthTestApp, OWN_ORIGIN } from '../../testing/auth-helpers';
import { describeEachBackend } from '../../testing/test-database';
import { renderMail } from './templates';

describeEachBackend('development outbox', (context) => {
  let t: AuthTestApp;
  before(async () => {
    t = await buildAuthTestApp(context.db);
  });
  after(() => t.app.close());

  it('lists a sent magic link, newest first, as an accessible page and as JSON', async () => {
    const empty = await t.app.inject({ url: '/dev/outbox' });
    assert.equal(empty.statusCode, 200);
    assert.match(empty.body, /No mail sent yet/);
    await t.app.inject({
      method: 'POST',
      url: '/auth/magic-link',
      headers: { 'content-type': 'application/json', origin: OWN_ORIGIN },
      payload: JSON.stringify({ email: DEMO_ACCOUNTS.applicant.email }),
    });
    await t.app.accounts.background.idle();
    const list = await t.app.inject({ url: '/dev/outbox.json' });
    assert.equal(list.statusCode, 200);
    const [mail] = list.json() as Array<{ to: string; subject: string; links: string[]; date: string; text: string }>;
    assert.equal(mail?.to, DEMO_ACCOUNTS.applicant.email);
    const link = mail?.links[0] ?? '';
    assert.match(link, /^http:\/\/rec\.test\/login\/token\/[\w-]{43}$/);

    const page = await t.app.inject({ url: '/dev/outbox' });
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<html lang="en">/);
    assert.match(page.body, /<main>/);
    assert.match(page.body, /<h1>Outbox \(1 mail\)<\/h1>/);
    assert.ok(page.body.includes(`<a href="${link}">${link}</a>`), 'the link is clickable');
    assert.equal(page.headers['cache-control'], 'no-store');
  });

  it('does not exist in production', async () => {
    const production = await buildAuthTestApp(context.db, { config: { nodeEnv: 'production' }, auth: { scryptCost: undefined } });
    try {
      assert.equal((await production.app.inject({ url: '/dev/outbox' })).statusCode, 404);
      assert.equal((await production.app.inject({ url: '/dev/outbox.json' })).statusCode, 404);
    } finally {
      await production.app.close();
    }
  });
});

it('renders mails in the account language, falling back to English', () => {
  const values = { link: 'https://x.example/a?b=<c>', minutes: 10 };
  const fr = renderMail('magicLink', 'fr', 'a@example.com', values);
  assert.equal(fr.subject, 'Votre lien de connexion');
  assert.ok(fr.text.includes('https://x.example/a?b=<c>'), 'plain text, not HTML-escaped');
  assert.ok(fr.text.includes('10 minutes'));
  assert.equal(renderMail('magicLink', 'xx', 'a@example.com', values).subject, 'Your sign-in link');
  assert.equal(renderMail('invitation', 'de', 'a@example.com', { link: 'l', company: 'Nordwind', days: 7 }).subject, 'Werden Sie Teil von Nordwind auf der Recruiting-Plattform');
});
