import { styleAdopter } from '../../adopt-styles';
import css from './pipeline.css';

/** The pipeline's styles (board, table bar, decision dialogs); the candidate page that imports the decision components adopts them too. */
export const adoptPipelineStyles: () => void = styleAdopter(css);
