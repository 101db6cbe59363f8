/**
 * The social predicates (docs/language.md, "Predicates"): `comments?` and `disqus?`. Both ignore
 * their arguments. Site settings are resolved through the frames; the comment state is read from
 * the current node only.
 */
import type { PredicateTable, RenderContext } from '../engine/plugin.js';
import { asNumber, descendValue, isTruthy } from '../engine/values.js';

/** `commentState` 1 means comments are open on the item. */
const COMMENTS_OPEN = 1;

/**
 * Comments show when the item is open for comments or already has some, unless the site turns
 * them off. Settings that are present but lack a truthy `commentsEnabled` (including a null or
 * non-object `websiteSettings`) turn them off; a page with no settings at all does not.
 */
function hasComments(ctx: RenderContext): boolean {
  const settings = ctx.resolveRef('websiteSettings');
  if (settings !== undefined && !isTruthy(descendValue(settings, 'commentsEnabled'))) return false;
  const node = ctx.node();
  return (
    asNumber(descendValue(node, 'commentState')) === COMMENTS_OPEN ||
    asNumber(descendValue(node, 'publicCommentCount')) > 0
  );
}

export const SOCIAL_PREDICATES: PredicateTable = {
  'comments?': { apply: (_args, ctx) => hasComments(ctx) },
  // The setting is spelled `disqusShortName` here, unlike the `disqusShortname` the comment
  // templates read; both spellings are the reference's and templates depend on each.
  'disqus?': { apply: (_args, ctx) => isTruthy(ctx.resolveRef('websiteSettings.disqusShortName')) },
};
