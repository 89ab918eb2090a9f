import type { Salary } from '@rec/core';
import type { DemoOffer } from './demo-offers';

/**
 * Where the demo jobs are and what they pay (issue 17). The country is stored per posting
 * (`address_country`, ISO 3166-1): Google needs it beside the locality, and the demo knows each
 * place's country for certain, so nothing is guessed from the free-text location.
 */
export const PLACE_COUNTRY: Record<DemoOffer['place'], string> = {
  luxembourg: 'LU',
  paris: 'FR',
  bruxelles: 'BE',
  berlin: 'DE',
  lisboa: 'PT',
  milano: 'IT',
  warszawa: 'PL',
  hamburg: 'DE',
  bremen: 'DE',
};

/** Fully remote demo jobs (a TELECOMMUTE JobPosting), by offer number. */
export const DEMO_REMOTE_OFFERS: ReadonlySet<number> = new Set([0x07]);

/**
 * Pay ranges of some demo offers, by offer number: yearly, monthly and hourly ones, in euros and
 * zloty, and one kept hidden (the switch off) to show that it stays off the public pages.
 */
export const DEMO_SALARIES: ReadonlyMap<number, Salary> = new Map<number, Salary>([
  [0x01, { min: 65_000, max: 80_000, currency: 'EUR', period: 'YEAR', show: true }],
  [0x02, { min: 38_000, max: 44_000, currency: 'EUR', period: 'YEAR', show: false }],
  [0x04, { min: 4_800, max: 5_600, currency: 'EUR', period: 'MONTH', show: true }],
  [0x05, { min: 1_400, max: 1_400, currency: 'EUR', period: 'MONTH', show: true }],
  [0x07, { min: 48_000, max: 60_000, currency: 'EUR', period: 'YEAR', show: true }],
  [0x0b, { min: 7_500, max: 9_500, currency: 'PLN', period: 'MONTH', show: true }],
  [0x101, { min: 17.5, max: 19.8, currency: 'EUR', period: 'HOUR', show: true }],
]);

/** The demo companies' own pages and logo (JSON-LD hiringOrganization sameAs and logo). */
export const DEMO_ORGANIZATIONS: Record<DemoOffer['company'], { website: string; profiles: string[]; logoUrl: string }> = {
  lumen: {
    website: 'https://lumen-robotics.example',
    profiles: ['https://www.linkedin.com/company/lumen-robotics-example'],
    logoUrl: '/demo/logos/lumen-robotics.png',
  },
  nordwind: {
    website: 'https://nordwind-logistik.example',
    profiles: ['https://www.linkedin.com/company/nordwind-logistik-example'],
    logoUrl: '/demo/logos/nordwind-logistik.png',
  },
};
