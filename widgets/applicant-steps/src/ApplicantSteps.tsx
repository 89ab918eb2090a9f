import { createApiClient, isApiError, stepsApi } from '@rec/api-client';
import { elementLanguageSources, toLocale, visitorLanguage } from '@rec/core';
import { NEXT_STEP_PATH } from '@rec/core/step-routing';
import type { ApplicantApplication, NextStepAnswer } from '@rec/core/steps';
import { COMMON_PART, type LocalePart, OFFER_PART } from '@rec/i18n/widgets';
import { type ElementProps, headingTag, hostOf, Loading, MessageBlock, resolveApiBase, ThemeScope, useTranslate } from '@rec/ui';
import { MAX_WALK, type StepsEnv, StepsProvider, StepViewer, type StepWalk, walkSteps } from '@rec/ui/steps';
import { type ReactElement, useEffect, useMemo, useRef, useState } from 'react';
import { STEPS_PART } from './steps-locale';
import { useStepsToken } from './steps-token';

/** Attributes of <rec-applicant-steps>, as plain strings (absent or empty: undefined). */
export interface ApplicantStepsProps extends ElementProps {
  /** The interface language; else the one language rule (docs/embedding.md "Languages"), the application's language last. */
  language?: string;
  apiBase?: string;
  /** Level of each step's title (default 2: the element sits in a page with its own h1). */
  headingLevel?: string;
}

// Errors (common), the form rules' messages (offer), the step texts (sections of locales/app).
const PARTS: readonly LocalePart[] = [COMMON_PART, OFFER_PART, STEPS_PART];

type Screen = { kind: 'loading' } | { kind: 'expired' } | { kind: 'walk'; walk: Exclude<StepWalk, { kind: 'go' }>; answer: NextStepAnswer | null; warned: boolean };

/**
 * The candidate's steps after applying, in place on any page: the host's step views, walking
 * the spec §2 paths in memory (the page URL never changes). With the `stepsToken` property
 * every call carries it as a bearer token; without, the platform's session cookie (the host).
 */
export function ApplicantSteps({ language, apiBase, headingLevel, container }: ApplicantStepsProps) {
  const host = hostOf(container);
  const [token, readToken] = useStepsToken(host);
  const baseURL = resolveApiBase(apiBase);
  const [application, setApplication] = useState<ApplicantApplication | null>(null);
  const applicationLocale = toLocale(application?.locale) ?? null;
  const locale = visitorLanguage({ ...elementLanguageSources(host, language), content: applicationLocale });
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const client = useMemo(() => createApiClient({ baseURL, getLocale: () => localeRef.current }), [baseURL]);
  const api = useMemo(() => stepsApi(client, token), [client, token]);
  const t = useTranslate(locale, PARTS);
  const [path, setPath] = useState(NEXT_STEP_PATH);
  // Bumped on every move, so going to the same path (next after next) asks the server again.
  const [move, setMove] = useState(0);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const root = useRef<HTMLDivElement>(null);
  const level = Number(headingTag(headingLevel, 2).slice(1));

  // The application gives the company's theme and, without a language attribute, the language
  // the steps speak (the application's, as on the host).
  useEffect(() => {
    let live = true;
    stepsApi(client, readToken())
      .application()
      .then(
      (answer) => live && setApplication(answer),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client, token]);

  useEffect(() => {
    let live = true;
    setScreen({ kind: 'loading' });
    stepsApi(client, readToken())
      .next()
      .then(
      (answer) => live && setScreen(walk(path, answer)),
      (error: unknown) => live && setScreen(isApiError(error) && error.status === 401 ? { kind: 'expired' } : walk(path, null)),
    );
    return () => {
      live = false;
    };
  }, [client, token, path, move]);

  // A move shows a new view: bring it into sight and put the keyboard at its start.
  useEffect(() => {
    if (move === 0 || screen.kind === 'loading') return;
    root.current?.focus({ preventScroll: true });
    root.current?.scrollIntoView?.({ block: 'start' });
  }, [screen, move]);

  const env = useMemo<StepsEnv | null>(
    () =>
      t
        ? {
            api,
            t,
            locale,
            headingLevel: level,
            href: (to) => new URL(to, baseURL).href,
            go: (to) => {
              setPath(to);
              setMove((count) => count + 1);
            },
          }
        : null,
    [api, t, locale, level, baseURL],
  );

  if (!env || !t) return <Loading label="…" />;
  const Heading = headingTag(headingLevel, 2);
  let body: ReactElement;
  if (screen.kind === 'loading') body = <Loading label={t('steps.loading')} />;
  else if (screen.kind === 'expired')
    body = (
      <section className="step-card" aria-labelledby="steps-end-title">
        <Heading id="steps-end-title">{t('steps.embedded.expiredTitle')}</Heading>
        <p>{t('steps.embedded.expiredText')}</p>
      </section>
    );
  else if (screen.walk.kind === 'end')
    body = (
      <section className="step-card" aria-labelledby="steps-end-title">
        <Heading id="steps-end-title">{t(`messageKeys.${screen.walk.messageKey}.title`)}</Heading>
        <p>{t(`messageKeys.${screen.walk.messageKey}.text`)}</p>
        {application && screen.walk.messageKey !== 'contactSupport' ? (
          // The last page leads on (issue 25): to the candidate's portal and the company's career site.
          <p className="form-actions">
            <a className="rec-button rec-button-primary" href={new URL(`/applicant/${application.candidateId}`, baseURL).href}>
              {t('steps.end.portal')}
            </a>
            {application.careerSiteUrl ? (
              <a className="rec-button rec-button-secondary" href={new URL(application.careerSiteUrl, baseURL).href}>
                {t('steps.end.careerSite', { companyName: application.companyName })}
              </a>
            ) : null}
          </p>
        ) : null}
      </section>
    );
  else
    body = (
      <>
        {screen.warned ? (
          <MessageBlock tone="info" title={t('steps.contactSupportWarning.title')}>
            <p>{t('steps.contactSupportWarning.text')}</p>
          </MessageBlock>
        ) : null}
        <StepViewer key={`${path}:${move}`} view={screen.walk.view} afstep={screen.walk.afstep} steps={screen.answer as NextStepAnswer} step={screen.walk.step} />
      </>
    );
  return (
    <ThemeScope properties={application?.theme?.properties}>
      <div ref={root} className="steps" part="steps" tabIndex={-1} lang={locale}>
        <StepsProvider env={env}>{body}</StepsProvider>
      </div>
    </ThemeScope>
  );
}

/** Walks from `path` through the rules until a view or an end (a loop ends at contact support). */
function walk(path: string, answer: NextStepAnswer | null): Screen {
  let current = path;
  let warned = false;
  for (let moves = 0; moves < MAX_WALK; moves += 1) {
    const found = walkSteps(current, answer);
    if (found.kind !== 'go') return { kind: 'walk', walk: found, answer, warned };
    if (found.warning) warned = true;
    current = found.to;
  }
  return { kind: 'walk', walk: { kind: 'end', messageKey: 'contactSupport' }, answer, warned };
}
