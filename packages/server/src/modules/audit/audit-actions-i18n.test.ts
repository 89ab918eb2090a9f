import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { LOCALES } from '@rec/core';
import { AUDIT_ACTIONS } from './audit-log';

/**
 * The admin's audit log shows each action by name in the admin's language (issue 26), so an action
 * added later must come with its nine translations (`auditLog.actions.<action with "." as "_">` in
 * locales/app): this test names the missing ones.
 */
it('every audit action has its name in all nine interface languages', () => {
  const missing: string[] = [];
  for (const locale of LOCALES) {
    const texts = JSON.parse(readFileSync(new URL(`../../../../../locales/app/${locale}.json`, import.meta.url), 'utf8')) as { auditLog?: { actions?: Record<string, unknown> } };
    for (const action of Object.values(AUDIT_ACTIONS)) {
      const text = texts.auditLog?.actions?.[action.replaceAll('.', '_')];
      if (typeof text !== 'string' || !text.trim()) missing.push(`${locale}: ${action}`);
    }
  }
  assert.deepEqual(missing, []);
});
