/** Version of the widget bundle, stamped on each element class as `recVersion`. */
export const WIDGETS_VERSION: string = typeof __REC_VERSION__ === 'string' ? __REC_VERSION__ : '0.0.0-dev';
