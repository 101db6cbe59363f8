/**
 * The client's timing marks (User Timing, visible in the browser's performance panel):
 * `CLIENT_START_MARK` when the client script starts — this module is the entry's first import,
 * so the mark precedes React's and the runtime's own module code — and `HYDRATED_MARK` once
 * the page has hydrated. `npm run bench -- --only hydration` reads the time between them.
 */
export const CLIENT_START_MARK = 'jsont:client-start';
export const HYDRATED_MARK = 'jsont:hydrated';

/** `performance.mark`, where there is one (not every test environment has User Timing). */
export function markTime(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') {
    performance.mark(name);
  }
}

markTime(CLIENT_START_MARK);
