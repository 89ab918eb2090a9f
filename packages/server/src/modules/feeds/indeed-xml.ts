import type { ContractType, PublicSalary } from '@rec/core';
import { XMLBuilder } from 'fast-xml-parser';
import type { BoardFeed, FeedItem } from './feed-items';

/**
 * The board's XML job feed in the shape Indeed documents (docs.indeed.com, "XML feed reference"),
 * which most aggregators also read: a `<source>` with one `<job>` per posting language. Every value
 * is in CDATA, as Indeed asks (it reads no HTML entities); the builder splits a `]]>` inside a
 * value into two sections, so no text can end its section early.
 */

/** The element names, in Indeed's order (its `referencenumber` and `expirationdate` are the reference and the expiry). */
export const INDEED_JOB_FIELDS = ['title', 'date', 'referencenumber', 'url', 'company', 'city', 'country', 'description', 'salary', 'jobtype', 'expirationdate'] as const;

/** Indeed's job types per contract code; a permanent contract is full or part time by the posting's hours. */
const JOB_TYPES: Record<Exclude<ContractType, 'permanent'>, string> = {
  'fixed-term': 'contract',
  temporary: 'temporary',
  'part-time': 'parttime',
  apprenticeship: 'apprenticeship',
  internship: 'internship',
  freelance: 'contract',
  volunteer: 'volunteer',
};

/** schema.org employment types (stored on postings without a contract code) in Indeed's words. */
const BY_EMPLOYMENT_TYPE: Record<string, string> = {
  FULL_TIME: 'fulltime',
  PART_TIME: 'parttime',
  CONTRACTOR: 'contract',
  TEMPORARY: 'temporary',
  INTERN: 'internship',
  VOLUNTEER: 'volunteer',
};

export function indeedJobType(contractType: ContractType | null, employmentType: string | null): string {
  if (contractType === 'permanent') return employmentType === 'PART_TIME' ? 'parttime' : 'fulltime';
  if (contractType) return JOB_TYPES[contractType];
  return (employmentType && BY_EMPLOYMENT_TYPE[employmentType]) || '';
}

/** The range in words a parser reads in any market ("45000-60000 EUR per year"): built from the structured range only. */
export function salaryText(salary: PublicSalary | undefined): string {
  if (!salary) return '';
  const amounts = salary.min === salary.max ? `${salary.min}` : `${salary.min}-${salary.max}`;
  return `${amounts} ${salary.currency} per ${salary.period.toLowerCase()}`;
}

/** Characters XML 1.0 forbids (C0 controls but tab and newlines, and U+FFFE/U+FFFF): dropped rather than escaped, since no escape makes them legal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const cdata = (text: string) => ({ __cdata: text.replace(NOT_XML, '') });

function jobNode(item: FeedItem): Record<(typeof INDEED_JOB_FIELDS)[number], { __cdata: string }> {
  return {
    title: cdata(item.title),
    date: cdata(item.datePosted.toISOString()),
    referencenumber: cdata(item.reference),
    url: cdata(item.url),
    company: cdata(item.company),
    city: cdata(item.city),
    country: cdata(item.country),
    description: cdata(item.description),
    salary: cdata(salaryText(item.salary)),
    jobtype: cdata(indeedJobType(item.contractType, item.employmentType)),
    expirationdate: cdata(item.validThrough ? item.validThrough.toISOString() : ''),
  };
}

const builder = new XMLBuilder({ cdataPropName: '__cdata', ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false, format: false });

export function indeedXml(feed: BoardFeed): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    source: { job: feed.items.map(jobNode) },
  });
}
