import { styleAdopter } from '../../adopt-styles';
import css from './candidate.css';

/** The candidate page's styles (they ship in its chunk). */
export const adoptCandidateStyles: () => void = styleAdopter(css);
