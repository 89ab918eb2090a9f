import { compilePath, matchPath } from './path-pattern';
import type { Middleware, NavigationContext, Resolution, RouteDefinition } from './types';

export interface Router {
  resolve(url: string): Promise<Resolution>;
}

/** Builds the resolver once: patterns compiled up front, matched in table order. */
export function createRouter(routes: readonly RouteDefinition[], middleware: Readonly<Record<string, Middleware>>): Router {
  const compiled = routes.map((route) => ({ route, pattern: compilePath(route.path) }));

  return {
    async resolve(url) {
      const parsed = new URL(url, 'http://host.invalid');
      const pathname = parsed.pathname;
      for (const { route, pattern } of compiled) {
        const params = matchPath(pattern, pathname);
        if (!params) continue;
        if (Object.entries(route.match ?? {}).some(([name, rule]) => !rule.test(params[name] ?? ''))) continue;
        for (const [name, rule] of Object.entries(route.params ?? {})) {
          if (!rule.test(params[name] ?? '')) {
            // A malformed id is a broken link, not a missing page: fatal, spec §8.
            return { kind: 'error', status: 404, message: `Page Not Found: ${pathname}`, fatal: true };
          }
        }
        const context: NavigationContext = { pathname, query: parsed.searchParams, params, data: {} };
        for (const name of route.middleware) {
          const step = middleware[name];
          if (!step) return { kind: 'error', status: 500, message: 'Unknown route middleware', fatal: true };
          const result = await step(context);
          if (result.kind !== 'continue') return result;
        }
        if (route.page === 'redirect') return { kind: 'redirect', to: route.redirectTo ?? '/login' };
        return { kind: 'page', route, context };
      }
      return { kind: 'error', status: 404, message: 'Page not found', fatal: false };
    },
  };
}
