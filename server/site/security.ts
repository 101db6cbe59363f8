/**
 * The security headers of every page the site handler sends. The Content-Security-Policy is one
 * the pages satisfy as built: every script they run is a same-origin file (the client entry and
 * its chunks); the boot and hydration data are `<script type="application/json">` blocks, which
 * the browser never runs, so no inline script needs a nonce or a hash, and a script injected into
 * a page does not run. Inline styles stay allowed: templates set `style` attributes (and the
 * hydration root is `style="display:contents"`). The React path makes no use of eval where the
 * policy forbids it (react-renderer/codegen/generated-function.ts falls back to closures).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function securityHeaders(): Headers {
  return new Headers({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  });
}
