/**
 * `product-scarcity`: the owner's low-stock messages. A message for particular variant
 * attributes starts hidden (as on the server); it shows while that variant is chosen.
 */
import type { ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import { chosenVariant, itemId } from '../../state/product.js';
import { useStore } from '../../state/store.js';
import { useRuntime } from '../../runtime.js';
import { hasClass, mapMarkup } from '../markup.js';

function sameAttributes(json: unknown, attributes: Record<string, string>): boolean {
  try {
    const wanted = JSON.parse(String(json)) as Record<string, unknown>;
    return Object.entries(wanted).every(([name, value]) => attributes[name] === String(value));
  } catch {
    return false;
  }
}

export function ProductScarcity(props: FormatterComponentProps): ReactNode {
  const runtime = useRuntime();
  const item = props.node;
  const choices = useStore(runtime.selection)[itemId(item)];
  const variant = choices === undefined ? undefined : chosenVariant(item, choices);
  if (variant === undefined) return mapMarkup(props.markup, () => undefined);
  return mapMarkup(props.markup, (_tag, p) => {
    const wanted = p['data-variant-attributes'];
    if (!hasClass(p, 'product-scarcity') || wanted === undefined) return undefined;
    return { props: { hidden: !sameAttributes(wanted, variant.attributes) } };
  });
}
