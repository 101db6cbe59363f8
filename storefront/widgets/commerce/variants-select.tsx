/**
 * `variants-select`: the variant picker, in both of the markup's forms (a select per option and
 * a radio group per option; the site's CSS shows one), kept in step through the runtime's
 * selection store. Values that leave no variant in stock, with the other options as chosen, are
 * marked. A complete choice is kept in the address bar (`?variant=<id>`) and back/forward
 * restore it. The price, marks and image of the chosen variant are the template's: it re-renders
 * with `item.selection` (state/page-data.ts).
 */
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import {
  chosenVariant,
  choicesOf,
  itemId,
  optionAvailable,
  variantById,
  type Choices,
} from '../../state/product.js';
import { useStore } from '../../state/store.js';
import { useRuntime, type StorefrontRuntime } from '../../runtime.js';
import { mapMarkup, onEnterOrSpace, toggleClass, type ElementProps } from '../markup.js';

export const VARIANT_PARAM = 'variant';
/** Appended to a marked value's label, so it is heard as well as seen. */
export const UNAVAILABLE_SUFFIX = ' (sold out)';

/** The choices the address bar names for `item`, or undefined. */
function choicesFromAddress(runtime: StorefrontRuntime, item: unknown): Choices | undefined {
  const id = new URLSearchParams(runtime.address.search()).get(VARIANT_PARAM);
  const variant = id === null ? undefined : variantById(item, id);
  return variant === undefined ? undefined : choicesOf(item, variant);
}

function keepInAddress(runtime: StorefrontRuntime, item: unknown, choices: Choices): void {
  const params = new URLSearchParams(runtime.address.search());
  const variantId = chosenVariant(item, choices)?.id;
  if ((params.get(VARIANT_PARAM) ?? undefined) === variantId) return;
  if (variantId === undefined) params.delete(VARIANT_PARAM);
  else params.set(VARIANT_PARAM, variantId);
  const search = params.toString();
  runtime.address.push(search === '' ? '' : `?${search}`);
}

export function VariantsSelect(props: FormatterComponentProps): ReactNode {
  const runtime = useRuntime();
  const item = props.node;
  const id = itemId(item);
  const choices = useStore(runtime.selection)[id] ?? {};
  // Marks depend on the visitor's state: none until hydrated, as on the server.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const restore = () => {
      const fromAddress = choicesFromAddress(runtime, item) ?? {};
      runtime.selection.set((all) => ({ ...all, [id]: fromAddress }));
    };
    if (choicesFromAddress(runtime, item) !== undefined) restore();
    return runtime.address.onPop(restore);
    // The item of one page does not change; its id keys the effect.
  }, [runtime, id]);

  const choose = (name: string, value: string) => {
    const next = { ...choices, [name]: value };
    runtime.selection.set((all) => ({ ...all, [id]: next }));
    keepInAddress(runtime, item, next);
  };
  const unavailable = (name: string, value: string) =>
    hydrated && value !== '' && !optionAvailable(item, choices, name, value);

  /** Option name of the select or radio group being walked (set on entering it). */
  let option = '';
  const visit = (tag: string, p: ElementProps) => {
    const name = p['data-variant-option-name'];
    if (typeof name === 'string') option = name;
    if (tag === 'select') {
      const selectOption = option;
      return {
        props: {
          value: choices[option] ?? '',
          defaultValue: undefined,
          onChange: (event: ChangeEvent<HTMLSelectElement>) =>
            choose(selectOption, event.target.value),
        },
      };
    }
    if (tag === 'option') {
      const value = String(p.value ?? '');
      if (!unavailable(option, value)) return undefined;
      return { props: { 'data-unavailable': 'true' }, children: `${value}${UNAVAILABLE_SUFFIX}` };
    }
    if (tag === 'input' && p.type === 'radio') {
      // The renderer gives an input's value attribute as its defaultValue.
      const value = String(p.value ?? p.defaultValue ?? '');
      const radioOption = option;
      return {
        props: {
          checked: choices[radioOption] === value,
          defaultChecked: undefined,
          onChange: () => choose(radioOption, value),
        },
      };
    }
    if (tag === 'label' && typeof p.htmlFor === 'string') {
      const radioOption = option;
      const value = radioValue(p.htmlFor, radioOption);
      const off = unavailable(radioOption, value);
      return {
        props: {
          className: toggleClass(p, 'variant-unavailable', off),
          // Pressed state once the option has a choice: until then the server's DOM stays as is.
          'aria-pressed':
            choices[radioOption] === undefined ? undefined : String(choices[radioOption] === value),
          onKeyDown: onEnterOrSpace(() => choose(radioOption, value)),
        },
        ...(off ? { children: `${value}${UNAVAILABLE_SUFFIX}` } : {}),
      };
    }
    return undefined;
  };
  return mapMarkup(props.markup, visit);
}

/** The value of a radio from its label's `for` (`variant-option-{name}-{value}`). */
function radioValue(htmlFor: string, option: string): string {
  const prefix = `variant-option-${option}-`;
  return htmlFor.startsWith(prefix) ? htmlFor.slice(prefix.length) : htmlFor;
}
