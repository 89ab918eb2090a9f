import { styleAdopter } from '../../../adopt-styles';
import css from './brand.css';

/** The brand editor's styles (they ship in the settings chunk that shows the editor). */
export const adoptBrandStyles: () => void = styleAdopter(css);
