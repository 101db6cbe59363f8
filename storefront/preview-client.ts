/**
 * The browser script of the preview server (/__client.js): hydration of the storefront
 * (hydrate.ts, start.ts), live reload over SSE, the template error overlay (a chunk of its own,
 * loaded when there is a problem to show), and lazy images (the `image` formatter emits
 * `data-src` only).
 */
// First import: its mark must precede every other module's code (see client-start.ts).
import './client-start.js';
import { startStorefront } from './start.js';
import type { OverlayProblem } from './overlay.js';

interface BootData {
  preview: boolean;
  route: string | null;
  problems: OverlayProblem[];
  /** The server's file version when this page was rendered. */
  version: string;
}

type LiveEvent =
  | { type: 'reload'; version: string }
  | { type: 'hello'; version: string }
  | { type: 'problems'; version: string; problems: OverlayProblem[] };

function readBoot(): BootData {
  const text = document.getElementById('__jsont-boot')?.textContent;
  const none: BootData = { preview: false, route: null, problems: [], version: '' };
  if (!text) return none;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return none;
  }
}

/**
 * The overlay's code is a chunk loaded only when there is something to show (a published page
 * never has problems, and has no live reload).
 */
let overlayLoaded = false;
const overlay = () => {
  overlayLoaded = true;
  return import('./overlay.js');
};
const showOverlay = (problems: OverlayProblem[]) =>
  void overlay().then((m) => m.showOverlay(problems));
const hideOverlay = () => {
  if (overlayLoaded) void overlay().then((m) => m.hideOverlay());
};

function connectLiveReload(boot: BootData): void {
  const source = new EventSource('/__livereload');
  const on = (type: LiveEvent['type'], handler: (event: LiveEvent) => void) =>
    source.addEventListener(type, (e) =>
      handler(JSON.parse((e as MessageEvent<string>).data) as LiveEvent),
    );
  // Connected state, for tests and for checking the preview by hand in the console.
  const markConnected = () =>
    ((window as { __jsontLiveReload?: string }).__jsontLiveReload = 'connected');
  on('reload', () => location.reload());
  on('problems', (event) => {
    markConnected();
    if (event.type === 'problems') showOverlay(event.problems);
  });
  on('hello', (event) => {
    markConnected();
    // Connected, or reconnected after a server restart, with nothing wrong. A save missed while
    // disconnected (or a restart) changes the version: the page is stale, so render it again.
    if (event.version !== boot.version) location.reload();
    else if (boot.problems.length === 0) hideOverlay();
  });
}

const boot = readBoot();
if (boot.problems.length > 0) showOverlay(boot.problems);
void startStorefront();
if (boot.preview) connectLiveReload(boot);
