/**
 * Every browser path the web app shows a screen for (apps/web/src/router.tsx), in React Router's
 * notation. The server answers any other path with HTTP 404 and the app's not-found screen; a web
 * test keeps this list and the router's routes the same.
 */
export const WEB_PATHS = [
  '/',
  // the guide, a shop's page, its cart preview, checkout and an order's follow-up
  '/menu',
  '/menu/:alias',
  '/menu/:alias/preview',
  '/menu/:alias/checkout',
  '/menu/:alias/order/:orderCode',
  // the menu of an order mode, a category of it, a dish
  '/menu/:alias/:mode',
  '/menu/:alias/:mode/:category',
  '/menu/:alias/:mode/:category/:plate',
  // an order's public tracking page and its survey
  '/logistics/tracking/order/:alias/:orderCode',
  '/encuesta/:alias/:orderCode',
  // the support page: the chat of an order's shop (`?referenceId={orderCode}`)
  '/soporte',
  // the business's order console
  '/console/login',
  '/console',
  // the owner's back office: opening a shop, its checklist, the menu editor, the brand
  '/console/registro',
  '/console/tienda',
  '/console/menu',
  '/console/marca',
  '/console/cobros',
  '/console/horarios',
  '/console/envios',
  '/console/equipo',
  '/console/pedidos',
  '/console/reportes',
  // the page of an owner's one-time link for a new member or a new password (features/team)
  '/console/invitacion/:token',
  // the riders' screens
  '/logistics/:alias/rider/:riderId/shipments',
  '/logistics/:alias/rider/:variant',
  '/logistics/:alias/shipments',
  '/logistics/:alias/shipments/:shipmentType/:shipmentId',
] as const;

/** Paths the router sends to the not-found screen although a screen's pattern would match them. */
export const NOT_FOUND_WEB_PATHS = ['/menu/:alias/order'] as const;

type Segment = { param: boolean; text: string };

/** A path's segments; trailing slashes do not count, an empty segment inside (`//`) does. */
function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/^\//, '').replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

const compile = (pattern: string): Segment[] =>
  segmentsOf(pattern).map((s) => (s.startsWith(':') ? { param: true, text: s } : { param: false, text: s }));

const SCREENS = WEB_PATHS.map(compile);
const NOT_FOUND = NOT_FOUND_WEB_PATHS.map(compile);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** React Router's ranking: a static segment outweighs a parameter (10 against 3). */
function score(pattern: Segment[], parts: string[]): number {
  if (pattern.length !== parts.length) return -1;
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern[i] as Segment;
    const part = decode(parts[i] as string);
    if (part === '') return -1;
    if (segment.param) total += 3;
    // static segments match case-insensitively, as the router's do
    else if (segment.text.toLowerCase() === part.toLowerCase()) total += 10;
    else return -1;
  }
  return total;
}

/**
 * Whether the web app shows a screen (rather than its not-found screen) for this pathname, as its
 * router decides: the best-ranked matching pattern wins.
 */
export function isWebPath(pathname: string): boolean {
  const parts = segmentsOf(pathname);
  const best = (patterns: Segment[][]) => Math.max(-1, ...patterns.map((p) => score(p, parts)));
  const screen = best(SCREENS);
  return screen >= 0 && screen > best(NOT_FOUND);
}
