import type { Locale } from '@rec/core';
import type { LocaleFile, LocalePart } from '@rec/i18n';

/** The `steps` and `messageKeys` sections of one locale of locales/app, as one part. */
const sections =
  (steps: () => Promise<{ default: Record<string, unknown> }>, messageKeys: () => Promise<{ default: Record<string, unknown> }>): LocaleFile =>
  async () => {
    const [stepTexts, messages] = await Promise.all([steps(), messageKeys()]);
    return { default: { steps: stepTexts.default, messageKeys: messages.default } };
  };

/**
 * The step flow's strings for <rec-applicant-steps>: the host's `steps` section (and the
 * end messages of `messageKeys`) of locales/app/<lang>.json, not the whole back-office file.
 * Literal paths, one per language, so each is a chunk of its own.
 */
export const STEPS_PART: LocalePart = {
  name: 'steps',
  files: {
    de: sections(() => import('../../../locales/app/de.json?section=steps'), () => import('../../../locales/app/de.json?section=messageKeys')),
    en: sections(() => import('../../../locales/app/en.json?section=steps'), () => import('../../../locales/app/en.json?section=messageKeys')),
    es: sections(() => import('../../../locales/app/es.json?section=steps'), () => import('../../../locales/app/es.json?section=messageKeys')),
    fr: sections(() => import('../../../locales/app/fr.json?section=steps'), () => import('../../../locales/app/fr.json?section=messageKeys')),
    lb: sections(() => import('../../../locales/app/lb.json?section=steps'), () => import('../../../locales/app/lb.json?section=messageKeys')),
    nl: sections(() => import('../../../locales/app/nl.json?section=steps'), () => import('../../../locales/app/nl.json?section=messageKeys')),
    pt: sections(() => import('../../../locales/app/pt.json?section=steps'), () => import('../../../locales/app/pt.json?section=messageKeys')),
    it: sections(() => import('../../../locales/app/it.json?section=steps'), () => import('../../../locales/app/it.json?section=messageKeys')),
    pl: sections(() => import('../../../locales/app/pl.json?section=steps'), () => import('../../../locales/app/pl.json?section=messageKeys')),
  } satisfies Record<Locale, LocaleFile>,
};
