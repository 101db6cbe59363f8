/**
 * The REACT_TOO_DEEP warning of a value whose markup nests elements past the depth limit
 * (html/open-elements.ts `MAX_ELEMENT_DEPTH`): the elements past it are put beside each other,
 * as the browser does. Server only (the server entry installs it, render.ts
 * `RenderHooks.tooDeep`): the browser runtime builds the same tree without saying so.
 */
import { ErrorCode, makeError } from '../../engine/errors.js';
import { SHELL_ORIGIN } from '../structure/react-code.js';
import { tooDeepValue } from '../structure/reporter.js';
import type { ReactContext } from './react-context.js';

/** Adds the warning to the render's errors, once, at `origin` (the value's instruction). */
export function warnTooDeep(ctx: ReactContext, origin: unknown): void {
  if (ctx.errors.some((e) => e.code === ErrorCode.REACT_TOO_DEEP)) return;
  const { loc, source } = ctx.locate(SHELL_ORIGIN.get(origin as object) ?? origin);
  ctx.errors.push(makeError(ErrorCode.REACT_TOO_DEEP, tooDeepValue(), loc, 'warning', source));
}
