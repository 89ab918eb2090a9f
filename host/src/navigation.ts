import { atom } from 'nanostores';

/** The current in-app URL (path + query). The host is a single-page app over the History API. */
export const $location = atom<string>(typeof location === 'undefined' ? '/' : location.pathname + location.search);

/**
 * The server allows camera and microphone only on documents loaded at an interview step page
 * (its page policy, fixed when the document loads): entering one from another page therefore
 * loads it for real, or the interview would find the camera blocked.
 */
const INTERVIEW_PAGES = /^\/applicant\/steps\/interview(\/|$|\?)/;
const loadedOnInterview = typeof location !== 'undefined' && INTERVIEW_PAGES.test(location.pathname);

export function navigate(to: string, { replace = false } = {}): void {
  if (!loadedOnInterview && INTERVIEW_PAGES.test(to)) {
    if (replace) location.replace(to);
    else location.assign(to);
    return;
  }
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  $location.set(location.pathname + location.search);
}

/** Follows back/forward and turns plain same-origin link clicks into in-app navigation. */
export function startNavigation(): () => void {
  const onPopState = () => $location.set(location.pathname + location.search);
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== location.origin) return;
    // Static files (the demo career site, the widget bundle) are not routes of the app.
    if (/^\/(demo|widgets|v2|auth|builds)\//.test(anchor.pathname)) return;
    event.preventDefault();
    navigate(anchor.pathname + anchor.search);
  };
  addEventListener('popstate', onPopState);
  document.addEventListener('click', onClick);
  return () => {
    removeEventListener('popstate', onPopState);
    document.removeEventListener('click', onClick);
  };
}
