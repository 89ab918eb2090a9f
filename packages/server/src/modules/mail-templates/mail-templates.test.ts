import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { MailTemplateResource } from '@rec/core';
import { DEMO } from '../../seed/demo-ids';
import { recruiterHarness } from '../../testing/recruiter-harness';
import { describeEachBackend } from '../../testing/test-database';
import { renderCandidateMail } from './render';

describeEachBackend('candidate mail templates', (context) => {
  const h = recruiterHarness(context);
  const url = '/v2/companies/settings/mail-templates/applicationReceived/fr';

  it('lists the defaults, saves and resets a company text, and renders it with the values', async () => {
    const listed = (await h.call('viewer', 'GET', '/v2/companies/settings/mail-templates')).json() as MailTemplateResource[];
    const french = listed.find((template) => template.kind === 'applicationReceived' && template.language === 'fr');
    assert.equal(french?.custom, false);
    assert.match(french?.subject ?? '', /\{\{jobTitle\}\}/, 'the default keeps its placeholders');

    const defaultMail = await renderCandidateMail(context.db, DEMO.companyId, 'applicationReceived', 'fr', { candidateName: 'Ana', jobTitle: 'Soudeur', companyName: 'Lumen', link: 'https://x.test/l' });
    assert.match(defaultMail?.subject ?? '', /Soudeur/);

    const saved = await h.call('owner', 'PUT', url, { subject: 'Merci {{candidateName}}\r\nBcc: x@y.z', body: 'Bonjour {{candidateName}}, pour {{jobTitle}} : {{link}}' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().custom, true);
    const mail = await renderCandidateMail(context.db, DEMO.companyId, 'applicationReceived', 'fr', { candidateName: 'Ana', jobTitle: 'Soudeur', link: 'https://x.test/l' });
    assert.deepEqual(mail, { subject: 'Merci Ana Bcc: x@y.z', text: 'Bonjour Ana, pour Soudeur : https://x.test/l' });
    // Another company still gets the default.
    assert.match((await renderCandidateMail(context.db, DEMO.otherCompanyId, 'applicationReceived', 'fr', { jobTitle: 'X' }))?.subject ?? '', /X/);

    assert.equal((await h.call('owner', 'DELETE', url)).json().custom, false);
  });

  it('refuses unknown placeholders, kinds and languages, and viewers', async () => {
    assert.equal((await h.call('owner', 'PUT', url, { subject: 'Hi {{salary}}', body: 'x' })).statusCode, 422);
    assert.equal((await h.call('owner', 'PUT', '/v2/companies/settings/mail-templates/welcome/fr', { subject: 's', body: 'b' })).statusCode, 404);
    assert.equal((await h.call('owner', 'PUT', '/v2/companies/settings/mail-templates/rejection/xx', { subject: 's', body: 'b' })).statusCode, 404);
    assert.equal((await h.call('owner', 'PUT', url, { subject: '', body: 'b' })).statusCode, 400);
    assert.equal((await h.call('viewer', 'PUT', url, { subject: 's', body: 'b' })).statusCode, 403);
  });
});
