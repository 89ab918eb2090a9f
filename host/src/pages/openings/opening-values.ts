import type { OpeningInput } from '@rec/api-client';
import type { Rule } from '@rec/core/form-rules';

// The opening wizard's values, their rules and the API body (plain functions: openings-forms.test.ts
// checks them without loading the wizard's page and what it adopts).

export type OpeningValues = {
  title: string;
  referenceCode: string;
  language: string;
  location: string;
  contract: string;
  description: string;
};

export const OPENING_RULES: Readonly<Record<keyof OpeningValues, readonly Rule[]>> = {
  title: [{ name: 'required' }, { name: 'max', length: 160 }],
  referenceCode: [{ name: 'max', length: 40 }],
  language: [{ name: 'required' }],
  location: [{ name: 'max', length: 160 }],
  contract: [{ name: 'max', length: 80 }],
  description: [{ name: 'max', length: 20_000 }],
};

export const EMPTY_OPENING: OpeningValues = { title: '', referenceCode: '', language: 'en', location: '', contract: '', description: '' };

/** The POST/PATCH body: blank optional fields are left out. */
export function openingInput(values: OpeningValues): OpeningInput {
  const input: OpeningInput = { title: values.title.trim(), language: values.language };
  for (const field of ['referenceCode', 'location', 'contract', 'description'] as const) {
    const value = values[field].trim();
    if (value) input[field] = value;
  }
  return input;
}

export const valuesOf = (opening: Partial<Record<keyof OpeningValues, string | null | undefined>>): OpeningValues => ({
  title: opening.title ?? '',
  referenceCode: opening.referenceCode ?? '',
  language: opening.language ?? 'en',
  location: opening.location ?? '',
  contract: opening.contract ?? '',
  description: opening.description ?? '',
});
