import { atom } from 'nanostores';

/** The current in-app URL (path + query). The host is a single-page app over the History API. */
export const $location = atom<string>(typeof location === 'undefined' ? '/' : location.pathname + location.search);

/**
 * The path this document was loaded at. Its Permissions-Policy came with it, and only the
 * interview step's pages may use the camera and microphone (packages/server/src/http/security-headers.ts).
 */
const documentPath = typeof location === 'undefined' ? '/' : location.pathname;
const usesCamera = (path: string) => path === '/applicant/steps/interview' || path.startsWith('/applicant/steps/interview/');

export function navigate(to: string, { replace = false } = {}): void {
  // A page loaded elsewhere is denied the camera for its whole life: the interview needs a document
  // of its own, so entering it is a real page load (then in-app again between its own pages).
  if (usesCamera(new URL(to, location.href).pathname) && !usesCamera(documentPath)) {
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
