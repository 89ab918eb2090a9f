/**
 * What each tag (a path's first segment after /v2) groups, for the document's `tags`. A new area's
 * tag without a line here is still listed, with Redocly's `tag-description` warning as the reminder.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  admin: 'Platform administration: companies and the audit log (platform admins).',
  applicants: 'An applicant’s applications and the steps’ application.',
  'applicants-auth': 'Applicant sign-in by mailed link.',
  'application-steps': 'The steps after applying (questions, assessments, interviews, files), with the steps token or an applicant session.',
  appointments: 'Appointment invitations a candidate books from a mailed link.',
  auth: 'Sign-in, second factor, single sign-on, invitations and the session.',
  boards: 'Job boards and their offers, as the widgets show them (public).',
  builds: 'The widgets build the server runs (public).',
  candidates: 'A candidate’s own data, consents and requests (applicant session).',
  companies: 'The company’s settings, logos, mail templates, process and integrations.',
  insights: 'Dashboards of the recruiting figures.',
  jobs: 'Openings, their postings, applications and exports.',
  logos: 'Company logo images (public).',
  me: 'The signed-in account’s second factors and passkeys.',
  offers: 'Offers and applying to them (public).',
  realtime: 'Live updates of the back-office over a websocket.',
  recruiter: 'The signed-in recruiter, candidate review, notes, requests and appointments.',
  recruiters: 'The company’s recruiters and invitation links.',
  referrals: 'Referral links to offers (public).',
  'robots.txt': 'Crawler rules.',
  share: 'Short share links of offers (public).',
  'sitemap.xml': 'The sitemap of the published offers.',
  storage: 'Uploaded application files.',
  'talent-pools': 'Talent pools of candidates.',
  team: 'The company’s recruiters, roles and invitations (owners).',
};
