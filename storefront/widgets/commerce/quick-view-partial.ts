/**
 * The quick view's content is the site's partial `quick-view.block` over the product (template
 * markup, like the product page's form). The server ships it with the pages that use the
 * `product-quick-view` formatter; the browser applies it with the template below.
 */
import type { Code } from '../../../engine/code.js';
import type { ReactTemplate } from '../../../react-renderer/browser.js';

export const QUICK_VIEW_PARTIAL = 'quick-view.block';

/**
 * `{item|apply NAME}` prepared for the React path, written out (the browser has no compiler):
 * the code tree of that one variable and its React code, a hole holding it.
 */
export function applyToItem(name: string): ReactTemplate {
  const apply = [1, [['item']], [['apply', [[name], ' ']]]];
  return { code: [17, 1, [apply], 18] as unknown as Code, react: [[1, apply, 0]] } as ReactTemplate;
}
