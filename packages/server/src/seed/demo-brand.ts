import type { Brand } from '@rec/core';

/**
 * Lumen's brand, set in its settings as a recruiter would in the brand editor: the demo career site
 * carries no --rec-* CSS of its own, so what it shows is the company's theme (issue 16).
 * Nordwind keeps the default brand.
 */
export const DEMO_LUMEN_BRAND: Brand = { colors: { primary: '#b4451f', text: '#1d2433' }, font: 'system', radius: 10 };
