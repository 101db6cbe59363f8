/**
 * Links of the instalment provider's page are decided on the URL the browser would follow:
 * entity-encoded tabs, leading controls and mixed case in `javascript:` were kept by a text
 * check and ran on click. Only http:, https:, mailto: and tel: links stay (resolved against the
 * provider's page); everything else loses its URL attribute. The runtime's navigation (item
 * `fullUrl`, server answers) follows the same rule.
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../storefront/runtime.js';
import { allowedUrl } from '../../storefront/safe-url.js';
import { modalContent } from '../../storefront/widgets/commerce/instalment-modal.js';

const PAGE_URL = 'https://provider.example/info/en_US.html';

/** Script-running links as written in the provider page's HTML source. */
const HOSTILE_HREFS = [
  'javascript:window.bad=1',
  'java&#x09;script:window.bad=1',
  'java&#x0A;script:window.bad=1',
  'java&#13;script:window.bad=1',
  '&#x01;javascript:window.bad=1',
  '&#x20;&#x1F;javascript:window.bad=1',
  'JaVaScRiPt:window.bad=1',
  '&#106;avascript:window.bad=1',
  'javascript&colon;window.bad=1',
  'data:text/html,<script>parent.bad=1</script>',
  'vbscript:msgbox(1)',
  'blob:https://provider.example/x',
];

function linksOf(html: string): Element[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('[href], [src], [action], [formaction], [poster]')].concat(
    [...doc.querySelectorAll('*')].filter((el) => el.hasAttribute('xlink:href')),
  );
}

/** Every URL attribute left in `html`, resolved as the browser would. */
function urlsIn(html: string): URL[] {
  return linksOf(html).flatMap((el) =>
    [...el.attributes]
      .filter((a) => /^(href|xlink:href|src|action|formaction|poster)$/.test(a.name))
      .map((a) => new URL(a.value, 'https://shop.example/')),
  );
}

describe('allowedUrl', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\u0000javascript:alert(1)',
    '\u0001javascript:alert(1)',
    ' \u001fjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://[bad',
  ])('refuses %j', (href) => {
    expect(allowedUrl(href, PAGE_URL)).toBeUndefined();
  });

  it.each([
    ['https://example.com/terms', 'https://example.com/terms'],
    ['HTTP://example.com', 'http://example.com/'],
    ['/terms', 'https://provider.example/terms'],
    ['faq.html#fees', 'https://provider.example/info/faq.html#fees'],
    ['mailto:help@provider.example', 'mailto:help@provider.example'],
    ['tel:+15550100', 'tel:+15550100'],
  ])('allows %j as %j', (href, resolved) => {
    expect(allowedUrl(href, PAGE_URL)).toBe(resolved);
  });
});

describe('modalContent', () => {
  it.each(HOSTILE_HREFS)('drops the link %j', (href) => {
    const page = `<main><a class="x" href="${href.replace(/"/g, '&quot;')}">terms</a></main>`;
    const { html } = modalContent(page, PAGE_URL);
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a.x');
    expect(link?.textContent).toBe('terms');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it('drops a NUL-led link (the parser makes NUL U+FFFD, so it stays a harmless path)', () => {
    const { html } = modalContent(`<main><a href="\u0000javascript:x">t</a></main>`, PAGE_URL);
    for (const url of urlsIn(html)) expect(url.protocol).toBe('https:');
  });

  it('makes SVG and MathML links, sources and animations inert', () => {
    const page = `<main>
      <svg><a xlink:href="java&#x09;script:window.bad=1"><text>a</text></a>
        <a href="&#x01;javascript:window.bad=1"><text>b</text></a>
        <a><animate attributeName="href" values="javascript:window.bad=1"/><text>c</text></a>
        <a><set attributeName="href" to="javascript:window.bad=1"/><text>d</text></a>
        <image href="data:image/svg+xml,<svg onload='parent.bad=1'/>"/></svg>
      <math href="JAVASCRIPT:window.bad=1"><mi>x</mi></math>
      <img src="vbscript:x" srcset="javascript:x 1x"><video poster="javascript:x"></video>
      <button formaction="javascript:window.bad=1">b</button></main>`;
    const { html } = modalContent(page, PAGE_URL);
    expect(urlsIn(html)).toEqual([]);
    expect(html).not.toMatch(/<animate|<set|srcset/i);
    expect(html).toContain('<text>a</text>');
  });

  it('keeps allowed links, resolved against the provider page', () => {
    const page = `<main><a href="/terms">t</a> <a href="mailto:help@provider.example">m</a>
      <a href="tel:+15550100">p</a> <img src="logo.png" alt=""></main>`;
    const { html } = modalContent(page, PAGE_URL);
    expect(urlsIn(html).map(String)).toEqual([
      'https://provider.example/terms',
      'mailto:help@provider.example',
      'tel:+15550100',
      'https://provider.example/info/logo.png',
    ]);
  });
});

describe('runtime navigation', () => {
  it('goes to allowed URLs only', () => {
    const navigate = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const runtime = createRuntime({ entries: [], totalQuantity: 0 } as never, { navigate });
    for (const url of ['java\tscript:window.bad=1', '\u0001javascript:x', 'data:text/html,x']) {
      runtime.navigate(url);
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(3);
    runtime.navigate('/checkout');
    runtime.navigate('https://example.com/p');
    expect(navigate.mock.calls).toEqual([['/checkout'], ['https://example.com/p']]);
    errors.mockRestore();
  });
});
