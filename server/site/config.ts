/**
 * The site folder format the preview server serves (fixtures/site is the example):
 *
 *   site.json        name, layout template, shared data files, routes (url -> what to render),
 *                    optionally the file of site-user accounts (site-users.ts)
 *   templates/       page templates and the layout, which wraps every page body ({mainContent})
 *   partials/        partials for {@|apply name} and {.include name}, named by file name
 *   data/            JSON: website, localized strings, merchandising context, collections
 *   assets/          static files served under /assets/
 *
 * A route's data is the shared data files merged (shallowly, in order), then the route's own data
 * files, then `collection` / `items` / `item` from a collection file when the route names one.
 * A url segment `:urlId` makes an item route: one page per item of the collection, matched by the
 * item's `urlId`. A collection route's items are those of `?category=NAME` when it is given (a
 * list page filtered by category). `notFound` names the page of a path no route matches.
 */
import { z } from 'zod';

const FileList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]));

export const RouteConfig = z.object({
  /** Page template, relative to templates/. */
  template: z.string().min(1),
  /** Route-specific data files, relative to the site folder. */
  data: FileList.optional(),
  /** Collection name: data/collections/<name>.json holding { collection, items }. */
  collection: z.string().optional(),
  /** Marks the search route: `search` in its data holds the query and the matching items. */
  search: z.boolean().optional(),
  /**
   * An owner page: the preview serves it only with the owner session (refusing anyone else),
   * and `jsont build` leaves it out (a built site has no owner session).
   */
  owner: z.boolean().optional(),
});
export type RouteConfig = z.infer<typeof RouteConfig>;

export const SiteConfig = z.object({
  name: z.string().default('site'),
  /** Layout template wrapping every page, relative to templates/; none = page stands alone. */
  layout: z.string().optional(),
  /**
   * Layout regions hydrated as roots of their own, so they follow the visitor's state (the
   * header's cart pill): element id -> the partial that element's content applies, exactly
   * (`<div id="site-header">{@|apply header.block}</div>`).
   */
  islands: z
    .record(z.string().regex(/^[A-Za-z][\w-]*$/), z.string().regex(/^[\w.-]+$/))
    .default({}),
  /** Data files shared by every route, relative to the site folder. */
  data: FileList.default([]),
  /**
   * The file of site-user accounts the preview's store gets (server/site/site-users.ts),
   * relative to the site folder; none = no accounts.
   */
  siteUsers: z.string().min(1).optional(),
  /**
   * The page answered, with status 404, for a path no route matches (or an item route whose
   * item does not exist): a route without a url, rendered in the layout like any other.
   */
  notFound: RouteConfig.omit({ collection: true, search: true, owner: true }).optional(),
  routes: z
    .record(z.string().startsWith('/'), RouteConfig)
    .refine(
      (routes) =>
        Object.entries(routes).every(
          ([url, route]) => !url.split('/').includes(':urlId') || route.collection !== undefined,
        ),
      { message: 'a route with a :urlId segment needs a collection' },
    ),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** Describes why site.json was rejected, one line per problem, for the overlay and terminal. */
export function describeConfigIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}
