/**
 * Animation helpers (docs/storefront.md, "Shared utilities"): a tween with start, pause, resume
 * and end (end runs the final step, then the end callback), and a window scroll whose duration is
 * clamped between a minimum and a maximum (both 50 ms by default) with easeOutSine. Frames and the
 * clock are seams.
 */

export const DEFAULT_TWEEN_MS = 300;
export const SCROLL_MIN_MS = 50;
export const SCROLL_MAX_MS = 50;
export const SCROLL_INTO_VIEW_OFFSET = 30;
export const TWEEN_DURATION_ERROR = 'Tween duration must be a finite number';
export const TWEEN_STEP_ERROR = 'Tween needs a step function as its first argument';

export const easeOutSine = (t: number): number => Math.sin((t * Math.PI) / 2);
export const linear = (t: number): number => t;

export interface FrameSeams {
  now?: () => number;
  requestFrame?: (fn: () => void) => unknown;
  cancelFrame?: (handle: unknown) => void;
}

export interface TweenOptions extends FrameSeams {
  duration?: number;
  easing?: (t: number) => number;
  onEnd?: () => void;
}

export interface Tween {
  start(): void;
  pause(): void;
  resume(): void;
  /** Runs the final step (progress 1), then the end callback. */
  end(): void;
  readonly running: boolean;
}

/** `step` gets the eased progress, 0 to 1, on every frame. */
export function tween(step: (progress: number) => void, options: TweenOptions = {}): Tween {
  if (typeof step !== 'function') throw new TypeError(TWEEN_STEP_ERROR);
  const duration = options.duration ?? DEFAULT_TWEEN_MS;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) {
    throw new TypeError(TWEEN_DURATION_ERROR);
  }
  const now = options.now ?? (() => performance.now());
  const request = options.requestFrame ?? ((fn) => requestAnimationFrame(fn));
  const cancel = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle as number));
  const easing = options.easing ?? linear;
  let elapsedBefore = 0;
  let startedAt = 0;
  let frame: unknown;
  let running = false;
  let ended = false;

  const tick = () => {
    const elapsed = elapsedBefore + now() - startedAt;
    if (duration <= 0 || elapsed >= duration) {
      api.end();
      return;
    }
    step(easing(elapsed / duration));
    frame = request(tick);
  };
  const api: Tween = {
    start() {
      if (running || ended) return;
      running = true;
      startedAt = now();
      frame = request(tick);
    },
    pause() {
      if (!running) return;
      running = false;
      elapsedBefore += now() - startedAt;
      cancel(frame);
    },
    resume() {
      api.start();
    },
    end() {
      if (ended) return;
      ended = true;
      if (running) cancel(frame);
      running = false;
      step(easing(1));
      options.onEnd?.();
    },
    get running() {
      return running;
    },
  };
  return api;
}

export interface ScrollOptions extends FrameSeams {
  duration?: number;
  min?: number;
  max?: number;
  /** The current vertical scroll position and the scroller; default the window. */
  scrollY?: () => number;
  scrollTo?: (y: number) => void;
}

export const clampDuration = (duration: number, min = SCROLL_MIN_MS, max = SCROLL_MAX_MS) =>
  Math.min(max, Math.max(min, duration));

/** Scrolls to `y` with easeOutSine over the clamped duration. */
export function scrollToY(y: number, options: ScrollOptions = {}): Tween {
  const from = (options.scrollY ?? (() => globalThis.scrollY))();
  const to = options.scrollTo ?? ((top: number) => globalThis.scrollTo(0, top));
  const duration = clampDuration(options.duration ?? SCROLL_MIN_MS, options.min, options.max);
  const t = tween((p) => to(from + (y - from) * p), { ...options, duration, easing: easeOutSine });
  t.start();
  return t;
}
