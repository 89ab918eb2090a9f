import type { Translate } from '@rec/i18n';

/** An audit action's translation key: `auditLog.actions.<action with "." as "_">` (dots would nest the key). */
export const auditActionKey = (action: string) => `auditLog.actions.${action.replaceAll('.', '_')}`;

/** An audit action in the page's language; an action without a translation (an older one) shows as recorded. */
export function auditActionLabel(t: Translate, action: string): string {
  return t(auditActionKey(action), { defaultValue: action });
}

/**
 * An entry's details as label/value pairs (issue 26: readable fields, not raw JSON). Known keys are
 * translated (`auditLog.detailKeys.<key>`), reason codes read as the rejection reasons, lists are
 * joined; nested values (a policy before and after) stay compact JSON.
 */
export function auditDetails(t: Translate, details: Record<string, unknown>): Array<{ label: string; value: string }> {
  return Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => ({ label: t(`auditLog.detailKeys.${key}`, { defaultValue: key }), value: detailValue(t, key, value) }));
}

function detailValue(t: Translate, key: string, value: unknown): string {
  if (key === 'reason' && typeof value === 'string') return t(`decisions.reasons.${value}`, { defaultValue: value });
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'boolean') return t(value ? 'openings.yes' : 'openings.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
