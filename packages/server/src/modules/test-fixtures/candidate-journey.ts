import type { Locale } from '@rec/core';
import type { Process } from '@rec/core/steps';
import type { DemoOffer } from '../../seed/demo-offers';
import { DEMO_PROCESS } from '../../seed/demo-steps';

/**
 * What a candidate journey test (issue 25) needs of the step-flow offer besides the demo's French and
 * English: German and Polish texts, the company's own privacy notice in each of those languages, and
 * the process's questions in Polish too, so a page in any of them shows no text of another language.
 */
const JOURNEY_TEXTS: Partial<Record<Locale, DemoOffer['texts'][Locale]>> = {
  de: {
    title: 'Servicetechniker:in Robotik',
    summary: 'Bei unseren Kunden rund um Paris halten Sie unsere Roboter in Betrieb und schulen das Bedienpersonal.',
    tasks: ['Vorbeugende und korrigierende Wartung durchführen', 'Mechanische und elektrische Störungen finden', 'Die Teams der Kunden schulen'],
  },
  pl: {
    title: 'Technik serwisu robotów',
    summary: 'U naszych klientów w okolicach Paryża dbasz o sprawność naszych robotów i szkolisz operatorów.',
    tasks: ['Prowadzenie konserwacji zapobiegawczej i naprawczej', 'Diagnozowanie usterek mechanicznych i elektrycznych', 'Szkolenie zespołów klientów'],
  },
};

/** The company's privacy notice per language of the journey offer (the company's own, not the platform's). */
export const JOURNEY_PRIVACY_NOTICES: Partial<Record<Locale, string>> = {
  fr: 'Lumen Robotics traite vos données pour gérer votre candidature et les conserve deux ans.',
  en: 'Lumen Robotics processes your data to handle your application and keeps it for two years.',
  de: 'Lumen Robotics verarbeitet Ihre Daten, um Ihre Bewerbung zu bearbeiten, und bewahrt sie zwei Jahre auf.',
  pl: 'Lumen Robotics przetwarza Twoje dane w celu rozpatrzenia Twojej aplikacji i przechowuje je przez dwa lata.',
};

/** Polish for each text of the demo process (keyed by the English text). */
const POLISH: Record<string, string> = {
  'When could you start?': 'Kiedy mógłbyś zacząć?',
  'Right away': 'Od razu',
  'Within a month': 'W ciągu miesiąca',
  Later: 'Później',
  'Do you hold a driving licence?': 'Czy masz prawo jazdy?',
  'Which robots have you maintained?': 'Jakie roboty już serwisowałeś?',
  'A certificate of your qualification (PDF)': 'Zaświadczenie o kwalifikacjach (PDF)',
  'Introduce yourself in a few sentences.': 'Przedstaw się w kilku zdaniach.',
  'Tell us about a fault you diagnosed.': 'Opowiedz o usterce, którą wykryłeś.',
};

/** The demo offer with the journey's German and Polish texts added. */
export function journeyOffer(offer: DemoOffer): DemoOffer {
  return { ...offer, texts: { ...offer.texts, ...JOURNEY_TEXTS } };
}

/** The demo process with every localized text also in Polish. */
export function journeyProcess(): Process {
  const addPolish = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(addPolish);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, addPolish(value)] as const);
    const record = Object.fromEntries(entries) as Record<string, unknown>;
    const english = record.en;
    if (typeof english === 'string' && 'fr' in record) {
      const polish = POLISH[english];
      if (!polish) throw new Error(`no Polish for the process text "${english}"`);
      record.pl = polish;
    }
    return record;
  };
  return addPolish(DEMO_PROCESS) as Process;
}
