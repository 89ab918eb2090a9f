import { styleAdopter } from '../../adopt-styles';
import css from './analytics.css';

/** The analytics pages' styles (they ship in the analytics chunks). */
export const adoptAnalyticsStyles: () => void = styleAdopter(css);
