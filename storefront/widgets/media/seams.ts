/**
 * The media widgets' seams to the world besides the runtime's timers: the visitor's reduced
 * motion preference, local storage and the clock, per runtime, so tests give fakes.
 */
import type { StorefrontRuntime } from '../../runtime.js';

export interface MediaSeams {
  /** Whether the visitor asked for reduced motion (`prefers-reduced-motion: reduce`). */
  reducedMotion(): boolean;
  /** Local storage; null when the browser refuses it (privacy modes). */
  storage(): Pick<Storage, 'getItem' | 'setItem'> | null;
  now(): number;
}

const given = new WeakMap<StorefrontRuntime, Partial<MediaSeams>>();

export function setMediaSeams(runtime: StorefrontRuntime, seams: Partial<MediaSeams>): void {
  given.set(runtime, seams);
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function mediaSeams(runtime: StorefrontRuntime): MediaSeams {
  return {
    reducedMotion: () =>
      globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true,
    storage: browserStorage,
    now: () => Date.now(),
    ...given.get(runtime),
  };
}
