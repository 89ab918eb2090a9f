/** What `/builds/latest.json` answers (the server's BuildInfo). */
interface LatestBuild {
  buildId: string;
}

export interface BuildWatchOptions {
  /** Answers the build id now served (a failed poll answers undefined and changes nothing). */
  latest: () => Promise<string | undefined>;
  onNewBuild: () => void;
  /** Spec: every 60 s, and when the tab regains focus. */
  intervalMs?: number;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Notices a deploy under an open tab: the first answer is the build this page runs, a later
 * different one calls `onNewBuild` once (then polling stops: the toast stays until reload).
 */
export function watchBuildUpdates({ latest, onNewBuild, intervalMs = 60_000, target = globalThis }: BuildWatchOptions): () => void {
  let current: string | undefined;
  let done = false;
  let polling = false;
  async function poll() {
    if (done || polling) return;
    polling = true;
    try {
      const id = await latest();
      if (done || id === undefined) return;
      if (current === undefined) current = id;
      else if (id !== current) {
        stop();
        onNewBuild();
      }
    } finally {
      polling = false;
    }
  }
  const onFocus = () => void poll();
  const timer = setInterval(onFocus, intervalMs);
  target.addEventListener('focus', onFocus);
  void poll();
  function stop() {
    done = true;
    clearInterval(timer);
    target.removeEventListener('focus', onFocus);
  }
  return stop;
}

/** The served build id, uncached (the `timestamp` query defeats any cache on the way). */
export async function fetchLatestBuild(): Promise<string | undefined> {
  try {
    const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<LatestBuild>;
    return typeof body.buildId === 'string' ? body.buildId : undefined;
  } catch {
    return undefined;
  }
}
