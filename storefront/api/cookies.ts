/** Reading `document.cookie` (no dependencies: the page's entry script uses it). */

/** The value of cookie `name` in a `document.cookie` string. */
export function readCookie(text: string, name: string): string | undefined {
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return undefined;
}
