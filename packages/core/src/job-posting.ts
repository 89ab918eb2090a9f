import type { Offer } from './entities';
import { pickText } from './text';

/**
 * The schema.org JobPosting of an offer (job search engines read it). One builder, run on the
 * server: for the server-rendered pages, and as the offer's `jobPosting` (without description)
 * that embedded offers add to career sites. `description` is the sanitised HTML.
 * Google's rules: https://developers.google.com/search/docs/appearance/structured-data/job-posting
 */
export function jobPosting(offer: Offer, description: string): Record<string, unknown> {
  const { language } = offer;
  const location = pickText(offer.information.location, language, offer.language);
  const company = offer.company;
  const country = offer.place?.country ?? undefined;
  const address = { '@type': 'PostalAddress', ...(location ? { addressLocality: location } : {}), ...(country ? { addressCountry: country } : {}) };
  const remote = offer.place?.remote === true;
  const salary = offer.salary;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: pickText(offer.information.title, language, offer.language),
    description,
    identifier: { '@type': 'PropertyValue', name: company?.name ?? '', value: offer._id },
    datePosted: offer.datePosted,
    ...(offer.validThrough ? { validThrough: offer.validThrough } : {}),
    ...(offer.employmentType ? { employmentType: offer.employmentType } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: company?.name ?? '',
      ...(company?.sameAs?.length ? { sameAs: company.sameAs } : {}),
      ...(company?.logo ? { logo: company.logo } : {}),
    },
    // A remote job is TELECOMMUTE, open to applicants of its country; otherwise a place with an address.
    ...(remote
      ? { jobLocationType: 'TELECOMMUTE', ...(country ? { applicantLocationRequirements: { '@type': 'Country', name: country } } : {}) }
      : location || country
        ? { jobLocation: { '@type': 'Place', address } }
        : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currency,
            value: { '@type': 'QuantitativeValue', minValue: salary.min, maxValue: salary.max, unitText: salary.period },
          },
        }
      : {}),
    url: offer.url.canonical,
    directApply: true,
  };
}
