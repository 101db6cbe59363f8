/**
 * The forms' side of the storefront tests: a fake forms client whose calls wait until the test
 * answers or fails them, and the demo contact form's field ids and how to reach its parts.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { FormsClient } from '../../storefront/api/client.js';
import type { CommerceError } from '../../storefront/api/errors.js';
import { FORM_ID } from './contact-form.js';

export { F, FORM_ID } from './contact-form.js';

type Method = keyof FormsClient;

interface Held {
  method: Method;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A forms client whose every call is held until `answer` or `fail`. */
export class FakeForms {
  held: Held[] = [];
  calls: Array<{ method: Method; args: unknown[] }> = [];

  private hold = (method: Method) =>
    vi.fn(
      (...args: unknown[]) =>
        new Promise<unknown>((resolve, reject) => {
          this.calls.push({ method, args });
          this.held.push({ method, args, resolve, reject });
        }),
    );

  readonly client = {
    submissionKey: this.hold('submissionKey'),
    saveSubmission: this.hold('saveSubmission'),
    restockSignup: this.hold('restockSignup'),
    placePredictions: this.hold('placePredictions'),
    placeDetails: this.hold('placeDetails'),
  } as unknown as FormsClient;

  private take(method: Method): Held {
    const index = this.held.findIndex((h) => h.method === method);
    if (index < 0) throw new Error(`no ${method} call is waiting`);
    return this.held.splice(index, 1)[0]!;
  }

  async answer(method: Method, value: unknown): Promise<unknown[]> {
    const call = this.take(method);
    await act(async () => call.resolve(value));
    return call.args;
  }

  async fail(method: Method, error: CommerceError | Error): Promise<unknown[]> {
    const call = this.take(method);
    await act(async () => call.reject(error));
    return call.args;
  }

  /** The `form` values of the last saved submission. */
  lastSaved(): Record<string, unknown> {
    const save = this.calls.filter((c) => c.method === 'saveSubmission').at(-1);
    if (save === undefined) throw new Error('nothing was saved');
    return JSON.parse((save.args[0] as { form: string }).form) as Record<string, unknown>;
  }
}

export const named = <T extends Element = HTMLInputElement>(name: string, value?: string) =>
  document.querySelector<T & Element>(
    value === undefined ? `[name="${name}"]` : `[name="${name}"][value="${value}"]`,
  )!;
export const textOf = (selector: string) =>
  document.querySelector<HTMLElement>(selector)?.textContent?.trim() ?? null;
export const fieldError = (id: string) => {
  const el = document.getElementById(`${id}-error`)!;
  return el.hidden ? '' : el.textContent!.trim();
};
export const summary = () => {
  const el = document.getElementById(`form-${FORM_ID}-errors`)!;
  return el.hidden ? '' : el.textContent!.trim();
};
export const submitButton = () =>
  document.querySelector<HTMLButtonElement>(`#form-${FORM_ID} button[type=submit]`)!;
