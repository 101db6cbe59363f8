/**
 * The instalment pill's information modal. The pill is template markup (a partial over
 * `item.instalments`); its link `a[data-instalment-modal]` points at the provider's information
 * page in the shopper's locale, which a visitor without JavaScript simply opens. With the
 * storefront a click loads that page and shows its content in a dialog, closed by Escape, its
 * close button or a click outside it; focus then returns to the link. A load failure is only
 * logged: the link then does nothing.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { StorefrontRuntime } from '../../runtime.js';
import { allowedUrl } from '../../safe-url.js';
import { Dialog } from '../dialogs/dialog.js';
import { INSTALMENT_LINK } from '../../widget-selectors.js';
import { widgetSeams } from '../seams.js';

/**
 * Elements of a third-party page that never reach the dialog; SVG animations among them, since
 * they can set an `href` after it was checked.
 */
const DROPPED =
  'script, style, link, meta, base, iframe, frame, object, embed, form, noscript, ' +
  'animate, set, animateMotion, animateTransform';
/** Attributes that hold a URL the browser follows or loads: kept only when allowedUrl says so. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'poster',
  'cite',
  'background',
  'longdesc',
  'data',
]);
/** Attributes dropped whatever they hold: handlers, ids (they would clash with ours), URL lists. */
const droppedAttribute = (name: string) =>
  name.startsWith('on') || name === 'id' || name === 'srcset' || name === 'ping';

export interface ModalContent {
  title: string;
  html: string;
}

/**
 * The information page's title and the content of its `main` (or body), made inert. Links are
 * resolved against `pageUrl`, the page's own address, and kept only with an allowed scheme.
 */
export function modalContent(pageHtml: string, pageUrl: string): ModalContent {
  const doc = new DOMParser().parseFromString(pageHtml, 'text/html');
  const body = doc.querySelector('main') ?? doc.body;
  for (const el of body.querySelectorAll(DROPPED)) el.remove();
  for (const el of body.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      if (droppedAttribute(attr.name)) el.removeAttributeNode(attr);
      else if (URL_ATTRIBUTES.has(attr.name)) {
        // The value is already entity-decoded by the parser, as the browser's would be.
        const url = allowedUrl(attr.value, pageUrl);
        if (url === undefined) el.removeAttributeNode(attr);
        else attr.value = url;
      }
    }
  }
  return { title: doc.title.trim(), html: body.innerHTML };
}

/** Handles the pill links below `container`; returns the stop function. */
export function attachInstalmentModal(container: Element, runtime: StorefrontRuntime): () => void {
  let root: Root | null = null;
  let busy = false;
  const close = () => root?.render(null);

  const open = async (link: HTMLAnchorElement) => {
    let content: ModalContent;
    try {
      const res = await widgetSeams(runtime).fetch(link.href, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      content = modalContent(await res.text(), link.href);
    } catch (err) {
      console.error('[jsont] could not load the instalment information', link.href, err);
      return;
    }
    if (root === null) {
      const host = document.createElement('div');
      host.className = 'instalment-modal-host';
      document.body.append(host);
      root = createRoot(host);
    }
    root.render(
      <Dialog
        label={content.title || link.textContent?.trim() || 'Instalments'}
        opener={link}
        onClose={close}
        closeOnOutsideClick
        className="instalment-modal"
      >
        <div
          className="instalment-modal-content"
          dangerouslySetInnerHTML={{ __html: content.html }}
        />
      </Dialog>,
    );
  };

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>(INSTALMENT_LINK);
    if (!link || !container.contains(link)) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    void open(link).finally(() => (busy = false));
  };
  container.addEventListener('click', onClick);
  return () => {
    container.removeEventListener('click', onClick);
    root?.unmount();
  };
}
