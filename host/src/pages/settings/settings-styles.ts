import { styleAdopter } from '../../adopt-styles';
import css from './settings.css';

/** The settings pages' styles (they ship in the settings chunk). */
export const adoptSettingsStyles: () => void = styleAdopter(css);
