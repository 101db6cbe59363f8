/** The quick view's hand-written `{item|apply NAME}` is what compiling and preparing it gives. */
import { expect, it } from 'vitest';
import { compile, prepareReact } from '../../index.js';
import { applyToItem } from '../../storefront/widgets/commerce/quick-view-partial.js';

it('equals the compiled and prepared template', () => {
  for (const name of ['quick-view.block', 'x']) {
    const { code, react } = prepareReact(compile(`{item|apply ${name}}`));
    expect(applyToItem(name)).toEqual(JSON.parse(JSON.stringify({ code, react })));
  }
});
