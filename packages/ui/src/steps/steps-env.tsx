import type { StepsApi } from '@rec/api-client';
import type { Locale } from '@rec/core';
import type { Translate } from '@rec/i18n';
import { createContext, type MouseEvent, type ReactNode, useContext } from 'react';

/**
 * What the step components need from where they run. The host gives its API client with the
 * session cookie, its translation and URL navigation; `<rec-applicant-steps>` gives the bearer
 * token's API, the widget's translation and an in-memory walk of the same routing rules. The
 * "go to" targets are always the spec §2 paths (/applicant/steps/…), so both read them alike.
 */
export interface StepsEnv {
  api: StepsApi;
  t: Translate;
  locale: Locale;
  /** Moves to a step path (NEXT_STEP_PATH goes through the routing rules again). */
  go(path: string, options?: { replace?: boolean }): void;
  /** The href shown for a step path (the host: the path itself). */
  href(path: string): string;
  /** Level of each step's title: 1 on a page of its own, deeper when embedded. */
  headingLevel: number;
  /** The document title, where the steps own the page (the host). */
  onTitle?: (title: string) => void;
}

const StepsContext = createContext<StepsEnv | null>(null);

export function StepsProvider({ env, children }: { env: StepsEnv; children: ReactNode }) {
  return <StepsContext.Provider value={env}>{children}</StepsContext.Provider>;
}

export function useStepsEnv(): StepsEnv {
  const env = useContext(StepsContext);
  if (!env) throw new Error('The step components need a StepsProvider');
  return env;
}

/** A link to another step path: a real href, followed through `go` on a plain click. */
export function StepLink({ to, children }: { to: string; children: ReactNode }) {
  const env = useStepsEnv();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    env.go(to);
  };
  return (
    <a href={env.href(to)} onClick={click}>
      {children}
    </a>
  );
}
