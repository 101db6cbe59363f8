/**
 * The browser script of a built site (`jsont build`): hydration of the storefront (hydrate.ts,
 * start.ts) and nothing of the preview (no live reload, no error overlay).
 */
// First import: its mark must precede every other module's code (see client-start.ts).
import './client-start.js';
import { startStorefront } from './start.js';

void startStorefront();
