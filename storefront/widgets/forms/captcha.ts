/**
 * The captcha abstraction (docs/storefront.md, "Forms"): the provider is loaded once, then
 * rendered into each container that asks for one (compact when the container is narrower than
 * 320 px, else normal), and each rendering can be read, reset, executed and destroyed. A page
 * without a site key, or whose provider failed to load, gets the rejection
 * 'ReCaptcha has not been set up!'; a rendering that throws is logged as
 * 'Error rendering captcha into node'.
 *
 * The preview's provider is `testCaptchaProvider`: a checkbox whose token is deterministic, so
 * the captcha paths run with no network; the preview server accepts any non-empty token.
 */

/** docs/storefront.md, "Error texts": no provider, or no site key. */
const CAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!';
/** Below this container width the compact captcha is rendered. */
const COMPACT_BELOW_PX = 320;
/** The token the test provider answers once its box is ticked. */
export const TEST_CAPTCHA_TOKEN = 'test-captcha-pass';

export interface CaptchaRenderOptions {
  sitekey: string;
  size: 'compact' | 'normal';
}

export interface CaptchaProvider {
  render(container: HTMLElement, options: CaptchaRenderOptions): number;
  getResponse(id: number): string;
  reset(id: number): void;
  execute(id: number): Promise<string>;
  remove(id: number): void;
}

/** One rendered captcha. */
export interface CaptchaWidget {
  size: 'compact' | 'normal';
  /** The token, '' until the visitor completed it. */
  response(): string;
  reset(): void;
  execute(): Promise<string>;
  destroy(): void;
}

export interface Captcha {
  render(container: HTMLElement, sitekey: string): Promise<CaptchaWidget>;
}

/** The width a container offers (a seam: jsdom lays nothing out). */
export type MeasureWidth = (container: HTMLElement) => number;

const measure: MeasureWidth = (container) =>
  container.getBoundingClientRect().width || globalThis.innerWidth || 0;

export function createCaptcha(
  load: () => Promise<CaptchaProvider>,
  width: MeasureWidth = measure,
): Captcha {
  let loading: Promise<CaptchaProvider> | undefined;
  const provider = () =>
    (loading ??= load().catch(() => {
      loading = undefined;
      throw new Error(CAPTCHA_NOT_SET_UP);
    }));
  return {
    async render(container, sitekey) {
      if (sitekey === '') throw new Error(CAPTCHA_NOT_SET_UP);
      const loaded = await provider();
      const size = width(container) < COMPACT_BELOW_PX ? 'compact' : 'normal';
      let id: number;
      try {
        id = loaded.render(container, { sitekey, size });
      } catch (err) {
        console.error('Error rendering captcha into node', err);
        throw err;
      }
      return {
        size,
        response: () => loaded.getResponse(id),
        reset: () => loaded.reset(id),
        execute: () => loaded.execute(id),
        destroy: () => loaded.remove(id),
      };
    },
  };
}

/** The preview's captcha: a labelled checkbox; ticked, it answers TEST_CAPTCHA_TOKEN. */
export function testCaptchaProvider(): CaptchaProvider {
  const boxes = new Map<number, HTMLInputElement>();
  let next = 1;
  const box = (id: number) => {
    const found = boxes.get(id);
    if (found === undefined) throw new Error(`no captcha ${id}`);
    return found;
  };
  return {
    render(container, { size }) {
      const doc = container.ownerDocument;
      const label = doc.createElement('label');
      label.className = `test-captcha test-captcha--${size}`;
      const input = doc.createElement('input');
      input.type = 'checkbox';
      label.append(input, ' I am not a robot (test captcha)');
      container.append(label);
      const id = next++;
      boxes.set(id, input);
      return id;
    },
    getResponse: (id) => (box(id).checked ? TEST_CAPTCHA_TOKEN : ''),
    reset(id) {
      box(id).checked = false;
    },
    execute(id) {
      box(id).checked = true;
      return Promise.resolve(TEST_CAPTCHA_TOKEN);
    },
    remove(id) {
      box(id).closest('label')?.remove();
      boxes.delete(id);
    },
  };
}
