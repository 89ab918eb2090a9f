export { createMiddleware, RULES } from './rules';
export type { RouteServices } from './services';
