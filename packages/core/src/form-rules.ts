import { isPersonName } from './person-name';

/**
 * The form rule engine of spec §5: pure functions, shared by the forms (on blur and change) and,
 * through the valibot schemas built from them, by the server. A failing rule's message is the
 * translation key `errors.{rule}`.
 */

export type FieldValue = string | boolean | readonly string[] | null | undefined;
export type FormValues = Readonly<Record<string, FieldValue>>;

export type Rule =
  | { name: 'required' }
  | { name: 'email' }
  | { name: 'min'; length: number }
  | { name: 'max'; length: number }
  /** Equals the value of another field (a repeated e-mail or password). */
  | { name: 'confirmed'; target: string }
  | { name: 'regex'; pattern: RegExp }
  /** Differs from another field's value (spec: is_not / differentPasswords). */
  | { name: 'is_not'; target: string }
  | { name: 'not_one_of'; values: readonly string[] }
  | { name: 'url' }
  /** A real calendar date written DD/MM/YYYY, not in the future. */
  | { name: 'date' }
  /** A person's name: one line, nothing a mail client would link (person-name.ts). */
  | { name: 'personName' };
export type RuleName = Rule['name'];

/** Pattern of an e-mail address: one @, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** http(s), a host name or IPv4 address, optional port, path, query and hash. */
const URL_PATTERN =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const isBlank = (value: FieldValue): boolean =>
  value === null || value === undefined || value === false || (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && value.length === 0);

const asText = (value: FieldValue): string => (typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : value ? String(value) : '');

/** Parses DD/MM/YYYY into a UTC date, or undefined when it is not a real date. */
export function parseFormDate(text: string): Date | undefined {
  const match = DATE.exec(text.trim());
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(yyyy, mm - 1, dd));
  return date.getUTCFullYear() === yyyy && date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd ? date : undefined;
}

/**
 * What people type for a date, written DD/MM/YYYY (spec §5): day, month and year separated by
 * '/', '.', '-' or spaces ('1.2.1990', '01-02-1990'), eight digits ('01021990') or ISO
 * ('1990-02-01'). Anything else comes back unchanged, for the `date` rule to reject.
 */
export function normalizeFormDate(text: string): string {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const parts = iso ? [iso[3], iso[2], iso[1]] : (/^(\d{1,2})[/. -]+(\d{1,2})[/. -]+(\d{4})$/.exec(value) ?? /^(\d\d)(\d\d)(\d{4})$/.exec(value))?.slice(1);
  return parts ? parts.map((part) => (part as string).padStart(2, '0')).join('/') : text;
}

/** True when `value` passes `rule`. Every rule but `required` lets an empty value through. */
export function checkRule(rule: Rule, value: FieldValue, values: FormValues = {}): boolean {
  if (rule.name === 'required') return !isBlank(value);
  if (isBlank(value) && rule.name !== 'confirmed') return true;
  const text = asText(value);
  switch (rule.name) {
    case 'email':
      return (Array.isArray(value) ? value : [text]).every((item) => EMAIL.test(String(item).trim()));
    case 'min':
      return [...text].length >= rule.length;
    case 'max':
      return [...text].length <= rule.length;
    case 'confirmed':
      return asText(values[rule.target]) === text;
    case 'regex':
      return rule.pattern.test(text);
    case 'is_not':
      return asText(values[rule.target]) !== text;
    case 'not_one_of':
      return !rule.values.includes(text.trim());
    case 'url':
      return URL_PATTERN.test(text.trim());
    case 'personName':
      return isPersonName(text);
    case 'date': {
      const date = parseFormDate(text);
      return !!date && date.getTime() <= Date.now();
    }
  }
}

/** The first rule `value` fails, or null. */
export function firstFailingRule(rules: readonly Rule[], value: FieldValue, values: FormValues = {}): Rule | null {
  return rules.find((rule) => !checkRule(rule, value, values)) ?? null;
}

/** The translation key and interpolation values of a failed rule (`errors.min` with `{ length }`). */
export function ruleMessage(rule: Rule): { key: string; params: Record<string, unknown> } {
  const params = rule.name === 'min' || rule.name === 'max' ? { length: rule.length } : {};
  return { key: `errors.${rule.name}`, params };
}

/** Every failing field of a form: field -> its first failing rule. */
export function validateForm(rules: Readonly<Record<string, readonly Rule[]>>, values: FormValues): Record<string, Rule> {
  const failures: Record<string, Rule> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const failed = firstFailingRule(fieldRules, values[field], values);
    if (failed) failures[field] = failed;
  }
  return failures;
}
