/**
 * The promotional pop-up overlay (docs/storefront.md, "Galleries"). The layout renders its
 * content hidden (`[data-popup-overlay]`, the owner's settings in data attributes); a visitor
 * without JavaScript never sees it. With the storefront it opens in the shared dialog
 * `data-delay` seconds after the page loads, on the paths `data-pages` lists (all when empty),
 * unless local storage says otherwise for this `data-version`:
 *
 * - `submitted` (the visitor followed its button): never again;
 * - `date-closed` (closed by Close or Escape): not for `data-days-hidden` days.
 *
 * The record is `{ "date-closed", "version", "submitted" }` under `popup-overlay`; a new version
 * of the overlay forgets the old record. Without local storage it shows once per page load.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { StorefrontRuntime } from '../../runtime.js';
import { POPUP_OVERLAY } from '../../widget-selectors.js';
import { Dialog } from '../dialogs/dialog.js';
import { mediaSeams, type MediaSeams } from './seams.js';

export const STORAGE_KEY = 'popup-overlay';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PopupRecord {
  'date-closed'?: number;
  version?: string;
  submitted?: boolean;
}

function readRecord(seams: MediaSeams): PopupRecord {
  try {
    const value: unknown = JSON.parse(seams.storage()?.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as PopupRecord) : {};
  } catch {
    return {};
  }
}

function writeRecord(seams: MediaSeams, record: PopupRecord): void {
  try {
    seams.storage()?.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // A full or refused storage: the overlay may show again, nothing else breaks.
  }
}

/** Whether the overlay of `version` may show now, given the stored record. */
export function mayShow(record: PopupRecord, version: string, daysHidden: number, now: number) {
  if (record.version !== version) return true;
  if (record.submitted === true) return false;
  const closed = record['date-closed'];
  return typeof closed !== 'number' || now - closed >= daysHidden * DAY_MS;
}

/** Shows the overlay below `doc` when its settings and the record allow; returns the stop. */
export function attachPopupOverlay(doc: Document, runtime: StorefrontRuntime): () => void {
  const source = doc.querySelector<HTMLElement>(POPUP_OVERLAY);
  if (source === null) return () => {};
  const seams = mediaSeams(runtime);
  const data = source.dataset;
  const version = data['version'] ?? '';
  const pages = (data['pages'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const path = doc.location?.pathname ?? '/';
  if (pages.length > 0 && !pages.includes(path)) return () => {};
  if (!mayShow(readRecord(seams), version, Number(data['daysHidden']) || 0, seams.now())) {
    return () => {};
  }

  let root: Root | null = null;
  let host: HTMLElement | null = null;
  const finish = (record: PopupRecord) => {
    writeRecord(seams, { ...record, version });
    root?.render(null);
  };
  const open = () => {
    host = doc.createElement('div');
    host.className = 'popup-overlay-host';
    doc.body.append(host);
    root = createRoot(host);
    const title = source.querySelector('.popup-overlay-title')?.textContent?.trim() ?? '';
    root.render(
      createElement(
        Dialog,
        {
          label: title,
          onClose: () => finish({ 'date-closed': seams.now() }),
          className: 'popup-overlay-dialog',
        },
        createElement('div', {
          className: 'popup-overlay-content',
          // The owner's content as the template rendered it (hidden) into this page.
          dangerouslySetInnerHTML: { __html: source.innerHTML },
          onClick(event: MouseEvent) {
            const link = (event.target as Element).closest?.('a');
            if (link) finish({ submitted: true, 'date-closed': seams.now() });
          },
        }),
      ),
    );
  };
  const timer = runtime.timers.setTimeout(open, (Number(data['delay']) || 0) * 1000);
  return () => {
    runtime.timers.clearTimeout(timer);
    root?.unmount();
    host?.remove();
  };
}
