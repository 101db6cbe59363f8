/**
 * What the navigation chunk (navigation/) uses of the page's own modules, handed to it when it
 * starts: were it to import them, the bundler would move them out of the entry into a chunk
 * both import, and every page would load one more script and more bytes.
 */
import { storefrontRoot, usesWidgets } from './hydrate.js';
import { loadImages } from './lazy-images.js';
import { attachLazyWidgets, LAZY_WIDGETS } from './lazy-widgets.js';
import { pageOf } from './page-boot.js';

export const NAVIGATION_HOST = {
  storefrontRoot,
  usesWidgets,
  loadImages,
  attachLazyWidgets,
  lazyWidgets: LAZY_WIDGETS,
  pageOf,
};

export type NavigationHost = typeof NAVIGATION_HOST;
