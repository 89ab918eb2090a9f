// One implementation for the host's branding preview pages and the stories: the widget CSS in a shadow root.
export { ShadowPreview, WIDGET_STYLES } from '../../host/src/pages/branding/previews/ShadowPreview';
