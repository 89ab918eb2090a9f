// biome-ignore lint/style/noRestrictedImports: the one place that wraps it
import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

type Options = { interval?: number; timeout?: number };

/**
 * `waitUntil` for every browser test: waits on what a user would see, bounded by the test's own
 * timeout rather than by @open-wc's default of one second. In CI the first import of a widget's
 * module graph through the dev server can take longer than that while the node tests run on the
 * other core (a clean-clone run failed on the loader's first board render at 1 s), which is
 * a slow machine, not a broken widget. The mocha timeout (10 s, web-test-runner.config.mjs) stays
 * the outer bound; this one stops at 8 s so the message says what was awaited.
 * Tests import this one: biome refuses `waitUntil` from @open-wc/testing (.biome.json).
 */
export function waitUntil(predicate: () => unknown, message?: string, options: Options = {}): Promise<void> {
  return openWcWaitUntil(predicate, message, { interval: options.interval ?? 25, timeout: options.timeout ?? 8000 });
}
