import * as v from 'valibot';

/**
 * Contract types are codes, not words: a stored "CDI" shows as "CDI" inside an English or Polish
 * page, while a code is translated (`contractTypes.<code>` in every locale) and maps to
 * schema.org's employmentType. A closed list, so the recruiter picks rather than types.
 */
export const CONTRACT_TYPES = [
  'permanent',
  'fixed-term',
  'temporary',
  'part-time',
  'apprenticeship',
  'internship',
  'freelance',
  'volunteer',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const ContractTypeSchema = v.picklist(CONTRACT_TYPES);

export function isContractType(value: unknown): value is ContractType {
  return typeof value === 'string' && (CONTRACT_TYPES as readonly string[]).includes(value);
}

/**
 * schema.org JobPosting employmentType per contract (values Google for Jobs reads). A permanent
 * contract says nothing about hours: the posting's own employment type (e.g. PART_TIME) decides,
 * full time when it has none.
 */
const EMPLOYMENT_TYPES: Record<Exclude<ContractType, 'permanent'>, string> = {
  'fixed-term': 'TEMPORARY',
  temporary: 'TEMPORARY',
  'part-time': 'PART_TIME',
  apprenticeship: 'OTHER',
  internship: 'INTERN',
  freelance: 'CONTRACTOR',
  volunteer: 'VOLUNTEER',
};

/** The employmentType of a JobPosting: from the contract code, else the posting's stored value. */
export function employmentTypeOf(contractType: string | null | undefined, stored: string | null | undefined): string | undefined {
  if (contractType === 'permanent') return stored || 'FULL_TIME';
  if (isContractType(contractType)) return EMPLOYMENT_TYPES[contractType as keyof typeof EMPLOYMENT_TYPES];
  return stored || undefined;
}
