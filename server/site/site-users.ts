/**
 * The site folder's own accounts: site.json's `siteUsers` names a JSON file holding
 * `{ "siteUsers": [{ "email": …, "password": … }] }` (fixtures/site/README.md). The preview's
 * store gets exactly these accounts when it starts; a site that names no file gets none. The
 * file is never merged into page data, so its passwords never reach a page.
 */
import { z } from 'zod';

import { isValidEmail } from '../../storefront/api/form-messages.js';
import { describeConfigIssues } from './config.js';
import { ProblemError } from './files.js';
import { siteProblem } from './problems.js';
import type { Site } from './site.js';

const SiteUsersFile = z.object({
  siteUsers: z.array(
    z.object({
      email: z.string().refine(isValidEmail, 'not a valid email address'),
      password: z.string().min(1),
    }),
  ),
});
export type SiteAccount = z.infer<typeof SiteUsersFile>['siteUsers'][number];

/** The accounts the site declares; throws ProblemError when its file is missing or invalid. */
export function siteAccounts(site: Site): SiteAccount[] {
  const file = site.config().siteUsers;
  if (file === undefined) return [];
  const parsed = SiteUsersFile.safeParse(site.files.json(file));
  if (!parsed.success) {
    throw new ProblemError(siteProblem(file, 'SITE_USERS', describeConfigIssues(parsed.error)));
  }
  return parsed.data.siteUsers;
}
