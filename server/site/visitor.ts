/**
 * What the site handler asks the commerce origin about the visitor of a page it renders: their
 * cart (the header's pill, /cart on first paint) and their session (the page data's `account`,
 * the header's account menu). A failed call is reported and the page renders without a cart,
 * or signed out; it never fails the page.
 */
import { cookieValue } from './form-posts.js';
import { AccountSessionResponse, SESSION_COOKIE } from '../../storefront/api/schemas.js';

type Commerce = (request: Request) => Promise<Response>;
type Log = (message: string) => void;

const CART_PATH = '/api/commerce/shopping-cart';
const SESSION_PATH = '/api/site-users/account/session';

/** The page data's `account`, as the preview puts it there. */
export interface PageAccount {
  signedIn: boolean;
  xsrfToken?: string;
}
const SIGNED_OUT: PageAccount = { signedIn: false };

/** The visitor's cart, with the cookies the call sets (the crumb a first visit gets). */
export async function visitorCart(
  request: Request,
  commerce: Commerce | undefined,
  log: Log,
): Promise<{ cart: unknown; setCookies: string[] }> {
  if (commerce === undefined) return { cart: undefined, setCookies: [] };
  try {
    const response = await askOrigin(commerce, request, CART_PATH);
    return { cart: await response.json(), setCookies: response.headers.getSetCookie() };
  } catch (err) {
    log(`[site] the visitor's cart: ${messageOf(err)}`);
    return { cart: undefined, setCookies: [] };
  }
}

/**
 * The visitor's session, asked only when the request carries a site-user session cookie:
 * without one the visitor is signed out, and an anonymous page costs no call.
 */
export async function visitorAccount(
  request: Request,
  commerce: Commerce | undefined,
  log: Log,
): Promise<PageAccount | undefined> {
  if (commerce === undefined) return undefined;
  if (!cookieValue(request.headers.get('cookie'), SESSION_COOKIE)) return SIGNED_OUT;
  try {
    const response = await askOrigin(commerce, request, SESSION_PATH);
    const parsed = AccountSessionResponse.safeParse(await response.json());
    if (!parsed.success) throw new Error('the answer is not a session');
    const { signedIn, xsrfToken } = parsed.data;
    return signedIn ? { signedIn, ...(xsrfToken !== undefined && { xsrfToken }) } : SIGNED_OUT;
  } catch (err) {
    log(`[site] the visitor's session: ${messageOf(err)}`);
    return SIGNED_OUT;
  }
}

/** A GET of `path` on the origin with the visitor's cookies; throws unless it answers 2xx. */
async function askOrigin(commerce: Commerce, request: Request, path: string): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const cookie = request.headers.get('cookie');
  if (cookie !== null) headers.set('Cookie', cookie);
  const response = await commerce(new Request(new URL(path, request.url), { headers }));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
