import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ApplicationSubmissionSchema, submissionIssues } from './application-schema';
import { AcceptInvitationBodySchema } from './auth';
import { checkRule } from './form-rules';
import { ERROR_KEYS } from './errors';
import { isPersonName, PERSON_NAME_ERROR } from './person-name';
import { PersonalFieldsSchema } from './portal';
import { AccountNameBodySchema } from './team';

/** Issue 24 (M3): what the attack put in a first name, and its cousins. */
const HOSTILE = [
  'Kunde\n\nIhr Konto wurde gesperrt. Entsperren:\nhttps://evil.example/unlock',
  'Ana\r\nSilva',
  'Ana\tSilva',
  'Ana\u2028Silva',
  'https://evil.example',
  'Visit www.evil',
  'evil.example',
  'Ana evil.example/x',
  'ana@evil.example',
  'mailto:ana',
];
const GOOD = ['Ana', 'Anne-Marie', 'José María', "O'Neil", 'J.R.R. Tolkien', 'Zoë', 'Nguyễn Văn A', 'St. John', 'Łukasz', '李'];

describe('person names are one line without links (issue 24, M3)', () => {
  it('refuses line breaks, tabs, URLs, www, addresses and host names; keeps real names', () => {
    assert.equal(PERSON_NAME_ERROR, ERROR_KEYS.personName);
    for (const name of HOSTILE) assert.equal(isPersonName(name), false, JSON.stringify(name));
    for (const name of GOOD) assert.equal(isPersonName(name), true, name);
  });

  it('every schema taking a person name answers errors.personName: invitation, account, candidate portal', () => {
    for (const name of HOSTILE) {
      const invitation = v.safeParse(AcceptInvitationBodySchema, { invitationLink: 'a'.repeat(43), firstName: name, lastName: 'Silva', password: 'long-enough-password' });
      assert.ok(!invitation.success && invitation.issues.some((issue) => issue.message === 'errors.personName'), `invitation ${JSON.stringify(name)}`);
      const account = v.safeParse(AccountNameBodySchema, { firstName: 'Ana', lastName: name });
      assert.ok(!account.success && account.issues.some((issue) => issue.message === 'errors.personName'), `account ${JSON.stringify(name)}`);
      const portal = v.safeParse(PersonalFieldsSchema, { firstName: name });
      assert.ok(!portal.success && portal.issues.some((issue) => issue.message === 'errors.personName'), `portal ${JSON.stringify(name)}`);
    }
  });

  it('the apply form (client rule engine and server schema) names the field with errors.personName', () => {
    const body = { submissionId: 'abcdefgh', firstName: HOSTILE[0], lastName: 'Silva', email: 'ana@example.com', gdprConsent: true };
    const result = v.safeParse(ApplicationSubmissionSchema, body);
    assert.ok(!result.success);
    assert.equal(submissionIssues(result.issues).firstName, 'errors.personName');
    assert.equal(checkRule({ name: 'personName' }, 'https://evil.example'), false);
    assert.equal(checkRule({ name: 'personName' }, 'Ana'), true);
  });
});
