/**
 * The browser script of the preview server (/__client.js). Today: live reload over SSE, the
 * template error overlay, and lazy images (the `image` formatter emits `data-src` only).
 * `startStorefront` hydrates the server HTML (hydrate.ts): the formatter-backed widgets become
 * React-owned; the commerce widgets' behaviour starts from there.
 */
// First import: its mark must precede every other module's code (see client-start.ts).
import './client-start.js';
import { hydratePage } from './hydrate.js';
import { hideOverlay, showOverlay, type OverlayProblem } from './overlay.js';

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

/** Images rendered by the `image` formatter carry `data-src`; show them without a loader. */
function loadImages(): void {
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-src]:not([src])')) {
    img.src = img.dataset['src']!;
  }
}

/**
 * Hydrates the page (when the server shipped hydration data), then shows lazy images: they are
 * given their src only after hydration, since an attribute React did not render is a mismatch.
 */
function startStorefront(_boot: BootData): void {
  let root;
  try {
    root = hydratePage(loadImages);
  } catch (err) {
    console.error('[jsont] hydration failed', err);
  }
  if (root === undefined) loadImages();
}

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
startStorefront(boot);
if (boot.preview) connectLiveReload(boot);
