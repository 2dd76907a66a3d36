/**
 * The cookie through which the server learns the order mode of the browser's stored cart. The cart
 * lives in localStorage, which the server never sees; with this cookie the HTML of the cart and
 * checkout pages already asks for that mode's data (menu, fees, schedule...) beside the page's code,
 * instead of one more round trip once the code has run (web-shell's planShellPage).
 * Sent only to /menu pages; it says nothing the URL of those pages would not.
 */
export const CART_MODE_COOKIE = 'comanda_cart_mode';

export interface CartModeCookie {
  /** The branch-contact alias the cart belongs to. */
  alias: string;
  orderModeId: number;
}

/** '{orderModeId}.{alias}', the alias URL-encoded: a cookie value without separators to escape. */
export function formatCartModeCookie(cookie: CartModeCookie): string {
  return `${cookie.orderModeId}.${encodeURIComponent(cookie.alias)}`;
}

/** The cookie's content, or null for a missing or malformed value (any junk is just ignored). */
export function parseCartModeCookie(value: string | null | undefined): CartModeCookie | null {
  const match = /^(\d{1,9})\.(.+)$/.exec(value ?? '');
  if (!match) return null;
  try {
    const alias = decodeURIComponent(match[2] as string);
    return alias.trim() ? { alias, orderModeId: Number(match[1]) } : null;
  } catch {
    return null;
  }
}
