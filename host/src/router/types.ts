/** The 13 layouts of spec §2; each page renders inside one. */
export const LAYOUT_NAMES = [
  'application',
  'authentication',
  'branding',
  'candidate-portal',
  'default',
  'embedded-board',
  'embedded-offer',
  'full-page-board',
  'message',
  'offer',
  'ongoing',
  'recruiter',
  'referral',
] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/** What a route shows; `redirect` goes to `redirectTo`. */
export type PageName =
  | 'account-select'
  | 'admin-home'
  | 'applicant-steps-next'
  | 'board'
  | 'branding-preview'
  | 'candidate'
  | 'not-found'
  | 'dashboard'
  | 'dashboards'
  | 'invitation'
  | 'login'
  | 'login-magic-link'
  | 'login-password'
  | 'login-two-factor'
  | 'login-recover'
  | 'message'
  | 'offer'
  | 'offer-message'
  | 'offer-oauth-indeed'
  | 'opening'
  | 'opening-other'
  | 'opening-wizard'
  | 'pipeline'
  | 'openings'
  | 'portal-appointment'
  | 'portal-candidatures'
  | 'portal-home'
  | 'portal-manage-data'
  | 'posting-wizard'
  | 'postings'
  | 'recruiter-home'
  | 'redirect'
  | 'referral'
  | 'reset-password'
  | 'settings'
  | 'share'
  | 'steps-constants'
  | 'steps-interview'
  | 'steps-interview-intro'
  | 'steps-interview-recording'
  | 'steps-application-form'
  | 'steps-assessment'
  | 'steps-assessment-constants'
  | 'steps-assessment-login'
  | 'steps-assessment-consent'
  | 'steps-relay-consent'
  | 'steps-grant-permission';

/** The product area a route belongs to. */
export type Section =
  | 'analytics'
  | 'applicant'
  | 'appointments'
  | 'branding'
  | 'candidatePortal'
  | 'candidatures'
  | 'dashboards'
  | 'offer'
  | 'openings'
  | 'postings'
  | 'referral'
  | 'settings'
  | 'share'
  | 'steps';

export interface RouteDefinition {
  path: string;
  layout: LayoutName;
  /** Middleware names, run in order before the page (spec §4 route middleware and the redirect rules). */
  middleware: readonly string[];
  page: PageName;
  /** Param rules: a param that fails its rule makes the route invalid (fatal 404, spec §8). */
  params?: Readonly<Record<string, RegExp>>;
  /** Match rules: a param that fails one makes the route not match, so a later route may (e.g. `/applicant/{candidateId}` vs `/applicant/{slug}`). */
  match?: Readonly<Record<string, RegExp>>;
  /** For page 'redirect': where to go. */
  redirectTo?: string;
  /** The product area of the route. */
  section?: Section;
  /** Layout to use instead when the `embedded` query has one of the embed values (offer and board pages). */
  embeddedLayout?: LayoutName;
  /** Translation key of the page <title> for pages whose title does not come from their content. */
  title?: string;
}

export interface NavigationContext {
  pathname: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** Data a middleware hands to the page (the invitation, the tenants list). */
  data: Record<string, unknown>;
  /** A locale a middleware decided (the recruiter's settings language); beats cookie and browser. */
  locale?: string;
  /** Set by the iframe-page / native-page middleware: whether the page's content is an embedded page. */
  embedded?: boolean;
}

export type Redirect = {
  kind: 'redirect';
  to: string;
  /** A full page load instead of in-app navigation (server routes such as a tenant's authorisation URL). */
  reload?: boolean;
};

export type RouteError = { kind: 'error'; status: number; message: string; fatal: boolean };

export type MiddlewareResult = { kind: 'continue' } | Redirect | RouteError;

export type Middleware = (context: NavigationContext) => Promise<MiddlewareResult> | MiddlewareResult;

export type Resolution = { kind: 'page'; route: RouteDefinition; context: NavigationContext } | Redirect | RouteError;
