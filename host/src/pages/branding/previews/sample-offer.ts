import type { Locale, Offer } from '@rec/core';
import type { Translate } from '@rec/i18n';

/**
 * The sample offer every preview shows: fixed ids, a fixed publish date (a screenshot must not
 * change from one day to the next), texts in the preview's language.
 */
export const SAMPLE_COMPANY_ID = '64b0c0de00000000000000b1';
const SAMPLE_OFFER_ID = '64b0c0de00000000000000b2';
const SAMPLE_CHANNEL_ID = '64b0c0de00000000000000b3';
/** Served by the host (host/public/demo) and by Storybook (its staticDirs). */
export const SAMPLE_LOGO = { url: '/demo/logos/lumen-robotics.png', width: 160, height: 160 } as const;

export function sampleOffer(t: Translate, locale: Locale): Offer {
  return {
    _id: SAMPLE_OFFER_ID,
    language: locale,
    channelId: SAMPLE_CHANNEL_ID,
    information: {
      title: { [locale]: t('brandingPreview.sample.jobTitle') },
      location: { [locale]: t('brandingPreview.sample.location') },
    },
    url: { canonical: `https://jobs.example.com/offer/c/${SAMPLE_CHANNEL_ID}` },
    datePosted: '2026-03-02T09:00:00.000Z',
    // The company's privacy notice in the preview's language, as every offer answer carries one.
    company: { _id: SAMPLE_COMPANY_ID, name: 'Lumen Robotics', privacyNotices: [{ language: locale, version: 'preview', text: t('brandingPreview.sample.privacyNotice') }] },
    // The company's theme as the offer answer carries it: the default logo (the brand itself comes from the preview's canvas).
    theme: { brand: {}, logo: { ...SAMPLE_LOGO } },
    contractType: 'permanent',
    salary: { min: 52000, max: 64000, currency: 'EUR', period: 'YEAR' },
    applyOptions: { indeed: true, indeedUrl: 'https://apply.indeed.example/lumen-robotics' },
    // The inputs preview shows every kind of field the apply form has.
    applyForm: { phone: 'required', birthDate: 'optional', gender: 'optional', drivingLicenses: 'optional', cv: 'optional', coverLetter: 'optional', profileUrl: 'hidden' },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The description as a recruiter writes it in the rich text editor (headings, paragraphs, lists, a link), before sanitising. */
export function sampleDescriptionHtml(t: Translate): string {
  const s = (key: string) => escapeHtml(t(`brandingPreview.sample.description.${key}`));
  return [
    `<h3>${s('aboutHeading')}</h3>`,
    `<p>${s('intro')} <strong>${s('highlight')}</strong></p>`,
    `<h4>${s('tasksHeading')}</h4>`,
    `<ul><li>${s('task1')}</li><li>${s('task2')}</li><li>${s('task3')}</li></ul>`,
    `<h4>${s('stepsHeading')}</h4>`,
    `<ol><li>${s('step1')}</li><li>${s('step2')}</li></ol>`,
    `<p>${s('more')} <a href="https://www.example.com/lumen-robotics">${s('link')}</a></p>`,
  ].join('');
}
