import type { Invitation, Tenant } from '@rec/api-client';
import { APP_PART, COMMON_PART, detectLocale, type LocalePart, loadLocale, OFFER_PART, type Translate } from '@rec/i18n';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { $company, $opening, $recruiter, $toasts, browserStorage, closeToast, createRefreshListener, loadCompany, loadOpening, loadRecruiterMe, showToast } from '@rec/stores';
import { Toaster } from '@rec/ui';
import { $locale, api } from './api';
import { TranslateContext, useT } from './i18n';
import { Layout } from './layouts/Layout';
import { fetchLatestBuild, watchBuildUpdates } from './build-updates';
import { $location, navigate } from './navigation';
import { useRealtime } from './realtime';
import { AccountSelectPage } from './pages/AccountSelectPage';
import { BoardPage } from './pages/BoardPage';
import { ErrorPage } from './pages/ErrorPage';
import { InvitationPage } from './pages/InvitationPage';
import { LoginPage } from './pages/LoginPage';
import { MagicLinkPage } from './pages/MagicLinkPage';
import { MessagePage } from './pages/MessagePage';
import { OfferPage } from './pages/offer/OfferPage';
import { PasswordPage } from './pages/PasswordPage';
import { RecoverPage } from './pages/RecoverPage';
import { RecruiterHomePage } from './pages/RecruiterHomePage';
import { ReferralPage } from './pages/referral/ReferralPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SharePage } from './pages/share/SharePage';
import { OpeningPage } from './pages/openings/OpeningPage';
import { OpeningOtherPage, PostingsPage } from './pages/openings/OpeningSubPages';
import { OpeningsListPage } from './pages/openings/OpeningsListPage';
import { OpeningWizardPage } from './pages/openings/OpeningWizardPage';
import { PostingWizardPage } from './pages/openings/PostingWizardPage';
import { StepsNextPage } from './pages/StepsNextPage';
import { HostStepPage } from './pages/steps/HostStepPage';
import { createRouteServices } from './route-services';
import { createMiddleware } from './router/middleware';
import { createRouter } from './router/resolve';
import { EMBED_VALUES, ROUTES } from './router/route-table';
import type { NavigationContext, Resolution, RouteDefinition } from './router/types';
import { useStore } from './use-store';
import type { StepPageProps, StepView } from '@rec/ui/steps';
import type { PreviewSlug } from './pages/branding/previews';

/** The host shows back-office pages and mounts the offer and referral elements: all three parts. */
const HOST_PARTS: readonly LocalePart[] = [COMMON_PART, APP_PART, OFFER_PART];

const router = createRouter(ROUTES, createMiddleware(createRouteServices()));

// The analytics pages are their own chunks: the dashboard's carries chart.js and loads only there.
const DashboardsEntryPage = lazy(() => import('./pages/analytics/DashboardsEntryPage'));
const DashboardPage = lazy(() => import('./pages/analytics/DashboardPage'));
// The admin area (issue 13) is its own chunk: recruiters and candidates never load it.
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const TwoFactorPage = lazy(() => import('./pages/two-factor/TwoFactorPage').then((module) => ({ default: module.TwoFactorPage })));
// The settings pages: one chunk for the frame, one per page (see pages/settings/pages.ts).
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
// The candidate portal (issue 12): its own chunks, loaded by candidates only.
const PortalHomePage = lazy(() => import('./pages/portal/PortalHomePage'));
const ManageDataPage = lazy(() => import('./pages/portal/ManageDataPage'));
const CandidaturesPage = lazy(() => import('./pages/portal/CandidaturesPage'));
const AppointmentPage = lazy(() => import('./pages/portal/AppointmentPage'));
// The candidate page is its own chunk too (video, notes, timeline load only there).
const CandidatePage = lazy(() => import('./pages/candidate/CandidatePage'));
const PipelinePage = lazy(() => import('./pages/pipeline/PipelinePage'));
// The branding previews (issue 16) carry the widget CSS and the apply form: their own chunk.
const BrandingPreviewPage = lazy(() => import('./pages/branding/BrandingPreviewPage'));

interface Screen {
  resolution: Resolution;
  t: Translate;
  /** Bumped per resolution so a page re-mounts (fresh form state) on every navigation. */
  id: number;
}

let screens = 0;

/** Resolves the URL through the route table, loads the page locale, renders layout + page. */
export function App() {
  const url = useStore($location);
  const [screen, setScreen] = useState<Screen | null>(null);

  useEffect(() => {
    let current = true;
    (async () => {
      const resolution = await router.resolve(url);
      if (!current) return;
      if (resolution.kind === 'redirect') {
        if (resolution.reload) location.assign(resolution.to);
        else navigate(resolution.to, { replace: true });
        return;
      }
      const query = new URL(url, location.origin).searchParams;
      const decided = resolution.kind === 'page' ? resolution.context.locale : undefined;
      const locale = detectLocale({
        explicit: query.get('language') ?? query.get('lang') ?? decided,
        cookies: document.cookie,
        accepted: navigator.languages,
      });
      const t = await loadLocale(locale, HOST_PARTS);
      if (!current) return;
      document.documentElement.lang = locale;
      $locale.set(locale);
      screens += 1;
      setScreen({ resolution, t, id: screens });
    })();
    return () => {
      current = false;
    };
  }, [url]);

  useEffect(() => listenForRefreshRequests(), []);
  // A deploy under an open tab: a toast that stays, with a reload (issue 15).
  useEffect(
    () =>
      watchBuildUpdates({
        latest: fetchLatestBuild,
        onNewBuild: () => showToast({ tone: 'info', title: 'toasts.newVersion', message: 'toasts.newVersionDetail', timeout: -1, action: { label: 'toasts.reload', run: () => location.reload() } }),
      }),
    [],
  );

  const content = useMemo(() => (screen ? renderResolution(screen.resolution, screen.id) : null), [screen]);
  if (!screen) return null;
  return (
    <TranslateContext.Provider value={screen.t}>
      {content}
      <LiveStores />
      <Toasts />
    </TranslateContext.Provider>
  );
}

/** The app's toasts, outside the layouts so they outlive a navigation (a delete goes back to the list). */
function Toasts() {
  const t = useT();
  const { visible } = useStore($toasts);
  return <Toaster toasts={visible} onClose={closeToast} t={t} closeLabel={t('toasts.close')} />;
}

/** The opening, company and recruiter stores held refresh when the server says they changed (REFRESH_RESOURCE over the socket). */
function LiveStores() {
  const opening = useStore($opening);
  const company = useStore($company);
  const openingId = opening?._id;
  useRealtime('REFRESH_RESOURCE', openingId ? { resource: 'opening', id: openingId } : null, () => {
    if (openingId) void loadOpening(api, openingId, { refresh: true }).catch(() => undefined);
  });
  useRealtime('REFRESH_RESOURCE', company ? { resource: 'company' } : null, () => {
    const held = $company.get();
    if (held) void loadCompany(api, held._id, { force: true }).catch(() => undefined);
  });
  const me = useStore($recruiter);
  useRealtime('REFRESH_RESOURCE', me ? { resource: 'recruiter', id: me._id } : null, () => {
    void loadRecruiterMe(api, browserStorage(), { refresh: true }).catch(() => undefined);
  });
  return null;
}

/**
 * Spec §4: REFRESH_RESOURCE messages (from our embedded pages) refresh the named store; only
 * messages from exactly our own origin count.
 */
function listenForRefreshRequests(): () => void {
  const storage = browserStorage();
  const listener = createRefreshListener(location.origin, {
    opening: (projections) => {
      const held = $opening.get();
      return held ? loadOpening(api, held._id, { refresh: true, select: projections }) : undefined;
    },
    recruiter: () => loadRecruiterMe(api, storage, { refresh: true }),
    company: () => {
      const held = $company.get();
      return held ? loadCompany(api, held._id, { force: true }) : undefined;
    },
  });
  addEventListener('message', listener);
  return () => removeEventListener('message', listener);
}

function layoutOf(route: RouteDefinition, context: NavigationContext) {
  return route.embeddedLayout && EMBED_VALUES.includes(context.query.get('embedded') ?? '') ? route.embeddedLayout : route.layout;
}

function renderPage(route: RouteDefinition, context: NavigationContext) {
  const { query, params, data } = context;
  switch (route.page) {
    case 'board':
      return <BoardPage boardId={params.board_id ?? ''} />;
    case 'login':
      return <LoginPage query={query} />;
    case 'login-password':
      return <PasswordPage query={query} />;
    case 'login-two-factor':
      return <TwoFactorPage />;
    case 'login-magic-link':
      return <MagicLinkPage query={query} />;
    case 'login-recover':
      return <RecoverPage query={query} />;
    case 'reset-password':
      return <ResetPasswordPage token={params.resetPasswordToken ?? ''} />;
    case 'invitation':
      return <InvitationPage invitationLink={params.invitationLink ?? ''} invitation={data.invitation as Invitation | undefined} />;
    case 'account-select':
      return <AccountSelectPage tenants={(data.tenants as Tenant[] | undefined) ?? []} />;
    case 'message':
      return <MessagePage query={query} applicant={context.pathname === '/applicant/message'} />;
    case 'offer':
      return <OfferPage channelId={params.channel_id} offerId={params._id} query={query} />;
    case 'share':
      return <SharePage slug={params.slug ?? ''} />;
    case 'referral':
      return <ReferralPage companyId={params.company_id ?? ''} />;
    case 'recruiter-home':
      return <RecruiterHomePage />;
    case 'admin-home':
      return (
        <Suspense fallback={null}>
          <AdminPage />
        </Suspense>
      );
    case 'applicant-steps-next':
      return <StepsNextPage />;
    case 'openings':
      return <OpeningsListPage />;
    case 'opening':
      return <OpeningPage />;
    case 'opening-wizard':
      return <OpeningWizardPage openingId={params.opening_id} slug={params.slug} query={query} />;
    case 'posting-wizard':
      return <PostingWizardPage openingId={params.opening_id ?? ''} postingId={params.posting_id} slug={params.slug} />;
    case 'postings':
      return <PostingsPage slug={params.slug ?? ''} />;
    case 'opening-other':
      return <OpeningOtherPage slug={params.slug ?? ''} />;
    case 'steps-application-form':
    case 'steps-assessment':
    case 'steps-relay-consent':
    case 'steps-grant-permission':
    case 'steps-assessment-consent':
    case 'steps-assessment-login':
    case 'steps-interview':
    case 'steps-interview-intro':
    case 'steps-interview-recording':
    case 'steps-constants':
    case 'steps-assessment-constants':
      return <HostStepPage view={route.page.slice('steps-'.length) as StepView} afstep={params.afstep ?? null} {...stepProps(context)} />;
    case 'dashboards':
      return (
        <Suspense fallback={null}>
          <DashboardsEntryPage />
        </Suspense>
      );
    case 'dashboard':
      return (
        <Suspense fallback={null}>
          <DashboardPage dashboardId={params.dashboard_id ?? ''} />
        </Suspense>
      );
    case 'candidate':
      return (
        <Suspense fallback={null}>
          <CandidatePage key={`${params.opening_id}/${params.candidate_id}`} openingId={params.opening_id ?? ''} candidateId={params.candidate_id ?? ''} />
        </Suspense>
      );
    case 'pipeline':
      return (
        <Suspense fallback={null}>
          <PipelinePage />
        </Suspense>
      );
    case 'portal-home':
      return (
        <Suspense fallback={null}>
          <PortalHomePage candidateId={params.candidateId ?? ''} />
        </Suspense>
      );
    case 'portal-manage-data':
      return (
        <Suspense fallback={null}>
          <ManageDataPage candidateId={params.candidateId ?? ''} />
        </Suspense>
      );
    case 'portal-candidatures':
      return (
        <Suspense fallback={null}>
          <CandidaturesPage />
        </Suspense>
      );
    case 'portal-appointment':
      return (
        <Suspense fallback={null}>
          <AppointmentPage token={params.token ?? ''} />
        </Suspense>
      );
    case 'settings':
      return (
        <Suspense fallback={null}>
          <SettingsPage pathname={context.pathname} />
        </Suspense>
      );
    case 'branding-preview':
      return (
        <Suspense fallback={null}>
          <BrandingPreviewPage slug={brandingSlug(context.pathname)} query={query} />
        </Suspense>
      );
    case 'not-found':
      return <ErrorPage status={404} message={`Page Not Found: ${context.pathname}`} />;
    default:
      return null;
  }
}

/** The preview a branding route shows: the last segment of its path (the route table names only the eight). */
function brandingSlug(pathname: string): PreviewSlug {
  return pathname.split('/').pop() as PreviewSlug;
}

/** The steps a step route's rule loaded (see router/step-rules). */
function stepProps(context: NavigationContext): StepPageProps {
  return { steps: context.data.steps as StepPageProps['steps'], step: (context.data.step as StepPageProps['step']) ?? null };
}

function renderResolution(resolution: Resolution, id: number) {
  if (resolution.kind === 'error') return <ErrorPage status={resolution.status} message={resolution.message} />;
  if (resolution.kind !== 'page') return null;
  const { route, context } = resolution;
  const page = renderPage(route, context);
  if (!page) return <ErrorPage status={404} message="Page not found" />;
  return (
    <Layout key={id} name={layoutOf(route, context)} pathname={context.pathname}>
      {page}
    </Layout>
  );
}
