/**
 * Address suggestions (docs/storefront.md, "Forms"): the first line of an address field is a
 * combobox. Typing asks the places proxy for predictions (debounced, the latest answer wins),
 * which the template lists under the field (`places` of the field's view); ArrowDown and ArrowUp
 * move through them, Enter or a click takes one — its details fill the address's parts —
 * and Escape or leaving the field closes the list. Each call carries the tracking context: the
 * page's path and the form asking.
 */
import type { FormsClient, PlacesContext } from '../../api/client.js';
import { UNTOUCHED, type PlaceList, type PlaceOption } from '../../forms/form-view.js';
import type { StorefrontRuntime } from '../../runtime.js';

/** Quiet time after the last keystroke before predictions are asked for. */
export const PLACES_DEBOUNCE_MS = 250;
/** Fewer characters ask for nothing. */
const PLACES_MIN_CHARS = 3;

const FIELD_SELECTOR = 'input[data-places-field]';
const CLOSED: PlaceList = { open: false, active: -1, activeId: '', options: [] };

/** The list as the template renders it (form-view.ts PlaceList). */
function placeList(fieldId: string, options: readonly PlaceOption[], active: number): PlaceList {
  const optionId = (i: number) => `${fieldId}-place-${i}`;
  return {
    open: options.length > 0,
    active,
    activeId: active >= 0 ? optionId(active) : '',
    options: options.map((o, i) => ({
      placeId: o.placeId,
      description: o.description,
      optionId: optionId(i),
      active: i === active,
    })),
  };
}

export function attachPlaces(
  container: HTMLElement,
  runtime: StorefrontRuntime,
  client: FormsClient,
): () => void {
  const doc = container.ownerDocument;
  const pending = new Map<string, unknown>();
  const asked = new Map<string, number>();

  const where = (input: HTMLInputElement) => {
    const formKey = input.closest<HTMLFormElement>('form[data-jsont-form]')?.dataset['jsontForm'];
    const fieldId = input.dataset['placesField']!;
    const context: PlacesContext = {
      productPage: doc.defaultView?.location.pathname ?? '',
      productSection: formKey ?? '',
    };
    return { formKey, fieldId, context };
  };
  const listOf = (formKey: string, fieldId: string): PlaceList =>
    runtime.forms.get()[formKey]?.places?.[fieldId] ?? CLOSED;
  const setList = (formKey: string, fieldId: string, list: PlaceList) =>
    runtime.forms.set((all) => {
      const state = all[formKey] ?? UNTOUCHED;
      return { ...all, [formKey]: { ...state, places: { ...state.places, [fieldId]: list } } };
    });

  const ask = (input: HTMLInputElement) => {
    const { formKey, fieldId, context } = where(input);
    if (formKey === undefined) return;
    const text = input.value.trim();
    const turn = (asked.get(fieldId) ?? 0) + 1;
    asked.set(fieldId, turn);
    if (text.length < PLACES_MIN_CHARS) {
      setList(formKey, fieldId, CLOSED);
      return;
    }
    client.placePredictions(text, context).then(
      (options) => {
        if (asked.get(fieldId) === turn) setList(formKey, fieldId, placeList(fieldId, options, -1));
      },
      () => {
        if (asked.get(fieldId) === turn) setList(formKey, fieldId, CLOSED);
      },
    );
  };

  const choose = (input: HTMLInputElement, placeId: string) => {
    const { formKey, fieldId, context } = where(input);
    if (formKey === undefined) return;
    asked.set(fieldId, (asked.get(fieldId) ?? 0) + 1);
    setList(formKey, fieldId, CLOSED);
    client.placeDetails(placeId, context).then(
      (address) => {
        const form = input.form;
        for (const [part, value] of Object.entries(address)) {
          const target = form?.elements.namedItem(`${fieldId}-${part}`);
          if (target instanceof HTMLInputElement) target.value = value;
        }
      },
      (err: unknown) => console.error('[jsont] place details failed', err),
    );
  };

  const onInput = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(FIELD_SELECTOR)) return;
    const fieldId = input.dataset['placesField']!;
    if (pending.has(fieldId)) runtime.timers.clearTimeout(pending.get(fieldId));
    pending.set(
      fieldId,
      runtime.timers.setTimeout(() => {
        pending.delete(fieldId);
        ask(input);
      }, PLACES_DEBOUNCE_MS),
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(FIELD_SELECTOR)) return;
    const { formKey, fieldId } = where(input);
    if (formKey === undefined) return;
    const list = listOf(formKey, fieldId);
    const count = list.options.length;
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const active = (list.active + step + count + (list.active < 0 && step < 0 ? 1 : 0)) % count;
      setList(formKey, fieldId, placeList(fieldId, list.options, active));
    } else if (event.key === 'Enter' && list.active >= 0) {
      event.preventDefault(); // takes the suggestion instead of submitting the form
      choose(input, list.options[list.active]!.placeId);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setList(formKey, fieldId, CLOSED);
    }
  };

  /** A suggestion is taken on pointer down, before the field loses focus. */
  const onPointerDown = (event: Event) => {
    const option = (event.target as Element | null)?.closest?.<HTMLElement>('[data-place-id]');
    const listbox = option?.closest('[role="listbox"]');
    const input = listbox
      ? doc.querySelector<HTMLInputElement>(`${FIELD_SELECTOR}[aria-controls="${listbox.id}"]`)
      : null;
    if (!option || !input) return;
    event.preventDefault();
    choose(input, option.dataset['placeId']!);
  };

  const onFocusOut = (event: FocusEvent) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(FIELD_SELECTOR)) return;
    const { formKey, fieldId } = where(input);
    if (formKey !== undefined && listOf(formKey, fieldId).options.length > 0) {
      setList(formKey, fieldId, CLOSED);
    }
  };

  container.addEventListener('input', onInput);
  container.addEventListener('keydown', onKeyDown);
  container.addEventListener('mousedown', onPointerDown);
  container.addEventListener('focusout', onFocusOut);
  return () => {
    container.removeEventListener('input', onInput);
    container.removeEventListener('keydown', onKeyDown);
    container.removeEventListener('mousedown', onPointerDown);
    container.removeEventListener('focusout', onFocusOut);
    for (const handle of pending.values()) runtime.timers.clearTimeout(handle);
  };
}
