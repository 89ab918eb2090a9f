import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import nodemailer from 'nodemailer';
import { DEMO } from '../../seed/demo-ids';
import { describeEachBackend } from '../../testing/test-database';
import { withCompanyLogos } from './company-logo';
import { createMailer, readOutbox, senderOf } from './mailer';

const CONFIGURED = 'Recruitment platform <no-reply@rec.test>';

/** The raw From header nodemailer writes for a sender. */
async function fromHeader(from: ReturnType<typeof senderOf>): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from, to: 'a@example.org', subject: 's', text: 't' });
  const raw = String(info.message);
  return /^From: (.*)$/m.exec(raw)?.[1] ?? '';
}

it('a company sender keeps the configured address and quotes or encodes the company name in the From header', async () => {
  assert.equal(await fromHeader(senderOf(CONFIGURED, 'Lumen Robotics')), 'Lumen Robotics <no-reply@rec.test>');
  assert.equal(await fromHeader(senderOf('no-reply@rec.test', 'Lumen Robotics')), 'Lumen Robotics <no-reply@rec.test>');
  // Specials are quoted, non-ASCII is RFC 2047 encoded: the name cannot add an address or break the header.
  assert.equal(await fromHeader(senderOf(CONFIGURED, 'Acme, "Evil" <x@evil.test>')), '"Acme, \\"Evil\\" <x@evil.test>" <no-reply@rec.test>');
  assert.match(await fromHeader(senderOf(CONFIGURED, 'Müller Söhne')), /^=\?UTF-8\?Q\?M=C3=BCller_S=C3=B6hne\?= <no-reply@rec\.test>$/);
  assert.equal(senderOf(CONFIGURED, undefined), CONFIGURED, 'a mail of no company keeps the platform sender');
});

describeEachBackend('mails in the company name', (context) => {
  it("a mail naming its company is sent as the company's name from the configured address; others as the platform", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-sender-'));
    try {
      const mailer = withCompanyLogos(createMailer({ from: CONFIGURED, outboxDir: dir }), context.db);
      await mailer.send({ to: 'candidate@example.org', subject: 'Votre candidature', text: 'Bonjour', companyId: DEMO.companyId });
      await mailer.send({ to: 'someone@example.org', subject: 'Sign in', text: 'Link' });
      const mails = await readOutbox(dir);
      const company = mails.find((mail) => mail.to === 'candidate@example.org');
      const platform = mails.find((mail) => mail.to === 'someone@example.org');
      assert.deepEqual(company?.from, { name: DEMO.companyName, address: 'no-reply@rec.test' });
      assert.deepEqual(platform?.from, { name: 'Recruitment platform', address: 'no-reply@rec.test' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
