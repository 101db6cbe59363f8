/**
 * The browser runtime, as measured by bench/bundle-size.ts and checked by tests/bundle.test.ts:
 * exactly what a page needs to render precompiled code (the JSON instruction tree made at
 * publish time) — the executor plus every built-in formatter and predicate. The compiler
 * (chevrotain) stays on the server, and React is loaded by the page itself.
 *
 * The React renderer counts in the same 60 KB budget (docs/architecture.md, "Compile once, run
 * anywhere"): its browser entry (hydration of prepared templates) is exported here too.
 */
export { renderTemplate } from '../engine/render.js';
export { ALL_FORMATTERS } from '../formatters/index.js';
export { ALL_PREDICATES } from '../predicates/index.js';
export { hydrateTemplate, renderPrepared } from '../react-renderer/browser.js';
