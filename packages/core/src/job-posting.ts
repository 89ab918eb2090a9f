import type { Offer } from './entities';
import { pickText } from './text';

/**
 * The schema.org JobPosting of an offer (job search engines read it). One builder for the
 * server-rendered pages and for embedded offers; `description` is the sanitised HTML.
 * Imported as '@rec/core/job-posting' so only the offer widget's chunk carries it.
 */
export function jobPosting(offer: Offer, description: string): Record<string, unknown> {
  const { language } = offer;
  const location = pickText(offer.information.location, language, offer.language);
  const company = offer.company?.name ?? '';
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: pickText(offer.information.title, language, offer.language),
    description,
    identifier: { '@type': 'PropertyValue', name: company, value: offer._id },
    datePosted: offer.datePosted,
    ...(offer.validThrough ? { validThrough: offer.validThrough } : {}),
    ...(offer.employmentType ? { employmentType: offer.employmentType } : {}),
    hiringOrganization: { '@type': 'Organization', name: company },
    ...(location ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: location } } } : {}),
    url: offer.url.canonical,
    directApply: true,
  };
}
