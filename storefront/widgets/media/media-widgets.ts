/**
 * The media widgets lazy-widgets.ts attaches to template markup, one chunk: the galleries (with
 * their lightbox) and the pop-up overlay, which share the dialog and the media seams.
 */
export { attachGalleries } from './gallery.js';
export { attachPopupOverlay } from './popup-overlay.js';
