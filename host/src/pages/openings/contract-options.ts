import { CONTRACT_TYPES } from '@rec/core';
import type { Translate } from '@rec/i18n';

/** The contract select's options: none, then every code translated (contracts are codes, issue 9). */
export function contractOptions(t: Translate): { value: string; label: string }[] {
  return [{ value: '', label: t('contractField.none') }, ...CONTRACT_TYPES.map((code) => ({ value: code, label: t(`contractTypes.${code}`) }))];
}

/** A stored contract as the recruiter reads it: the translated code (a leftover word as it was). */
export function contractLabel(t: Translate, contract: string | null | undefined): string {
  if (!contract) return '';
  return (CONTRACT_TYPES as readonly string[]).includes(contract) ? t(`contractTypes.${contract}`) : contract;
}
