import { styleAdopter } from '../../adopt-styles';
import css from './portal.css';

/** The portal's styles, for its pages and the recruiter dialogs. */
export const adoptPortalStyles: () => void = styleAdopter(css);
