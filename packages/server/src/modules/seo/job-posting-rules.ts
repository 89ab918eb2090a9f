/**
 * Google's rules for a JobPosting rich result, as checks: what its Rich Results test requires
 * (title, description, datePosted, hiringOrganization, jobLocation or TELECOMMUTE with
 * applicantLocationRequirements) and what it recommends and we promise (identifier, directApply,
 * employmentType, logo, sameAs, baseSalary). Returns the problems found, empty when valid.
 * https://developers.google.com/search/docs/appearance/structured-data/job-posting
 */

const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const UNIT_TEXTS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isIsoDate = (value: unknown) => nonEmpty(value) && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value));
const isAbsoluteUrl = (value: unknown) => nonEmpty(value) && /^https?:\/\/[^\s]+$/.test(value);

export function jobPostingProblems(posting: unknown): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  if (!isObject(posting)) return ['not an object'];
  need(posting['@context'] === 'https://schema.org/' || posting['@context'] === 'https://schema.org', '@context');
  need(posting['@type'] === 'JobPosting', '@type');
  need(nonEmpty(posting.title), 'title');
  need(nonEmpty(posting.description), 'description');
  need(isIsoDate(posting.datePosted), 'datePosted');
  if (posting.validThrough !== undefined) {
    need(isIsoDate(posting.validThrough), 'validThrough');
    need(!isIsoDate(posting.datePosted) || Date.parse(String(posting.validThrough)) > Date.parse(String(posting.datePosted)), 'validThrough after datePosted');
  }
  need(
    posting.employmentType === undefined || (typeof posting.employmentType === 'string' && EMPLOYMENT_TYPES.includes(posting.employmentType)),
    'employmentType',
  );
  need(posting.employmentType !== undefined, 'employmentType present');

  const organization = posting.hiringOrganization;
  need(isObject(organization) && organization['@type'] === 'Organization' && nonEmpty(organization.name), 'hiringOrganization.name');
  need(isObject(organization) && isAbsoluteUrl(organization.logo), 'hiringOrganization.logo');
  need(
    isObject(organization) && Array.isArray(organization.sameAs) && organization.sameAs.length > 0 && organization.sameAs.every(isAbsoluteUrl),
    'hiringOrganization.sameAs',
  );

  if (posting.jobLocationType === 'TELECOMMUTE') {
    const requirement = posting.applicantLocationRequirements;
    need(isObject(requirement) && requirement['@type'] === 'Country' && nonEmpty(requirement.name), 'applicantLocationRequirements');
  } else {
    const location = posting.jobLocation;
    const address = isObject(location) ? location.address : undefined;
    need(isObject(location) && location['@type'] === 'Place', 'jobLocation');
    need(isObject(address) && address['@type'] === 'PostalAddress' && nonEmpty(address.addressLocality), 'jobLocation.address.addressLocality');
    need(isObject(address) && typeof address.addressCountry === 'string' && /^[A-Z]{2}$/.test(address.addressCountry), 'jobLocation.address.addressCountry');
  }

  const identifier = posting.identifier;
  need(isObject(identifier) && identifier['@type'] === 'PropertyValue' && nonEmpty(identifier.name) && nonEmpty(identifier.value), 'identifier');
  need(posting.directApply === true, 'directApply');

  if (posting.baseSalary !== undefined) {
    const salary = posting.baseSalary;
    const value = isObject(salary) ? salary.value : undefined;
    need(isObject(salary) && salary['@type'] === 'MonetaryAmount' && typeof salary.currency === 'string' && /^[A-Z]{3}$/.test(salary.currency), 'baseSalary.currency');
    const ok =
      isObject(value) &&
      value['@type'] === 'QuantitativeValue' &&
      typeof value.minValue === 'number' &&
      typeof value.maxValue === 'number' &&
      value.minValue > 0 &&
      value.minValue <= value.maxValue &&
      typeof value.unitText === 'string' &&
      UNIT_TEXTS.includes(value.unitText);
    need(ok, 'baseSalary.value');
  }
  return problems;
}
