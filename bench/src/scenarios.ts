/**
 * What the benchmark measures, with an availability probe for each scenario: a route or endpoint that
 * does not exist yet is reported as `not-available` (never as a failure), so the harness can be run
 * while the storefront is being built. Add a scenario here when its feature lands.
 */
import { config, DEMO } from './config.ts';
import { CART_STORAGE_KEY, demoStoredCart } from './demo-cart.ts';
import { demoOrderCode, dinerPages } from './diner-pages.ts';

/** Ids looked up through the API (never hard-coded), plus the demo order from the seed file. */
export interface Context {
  baseUrl: string;
  contactId: number;
  branchId: number;
  modes: { id: number; type: string; showName: string; openNow: boolean; canSchedule: boolean }[];
  deliveryModeId: number;
  demoOrderCode: string | null;
}

interface ModeAnswer {
  id: number;
  type: string;
  showName: string;
  openNow?: boolean;
  canSchedule?: boolean;
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}

/** GET a path of the server under test; anything but a 200 stops the scenario with the answer's message. */
export async function must<T>(server: { baseUrl: string }, path: string): Promise<T> {
  const { status, body } = await getJson<T>(`${server.baseUrl}${path}`);
  if (status !== 200) throw new Error(`GET ${path} answered ${status} (${describe(body)})`);
  return body;
}

export async function lookupContext(baseUrl: string): Promise<Context> {
  const alias = await must<{ type: string; info: { id: number; branch: { id: number } } }>(
    { baseUrl },
    `/api/diner/${DEMO.contactAlias}`,
  );
  if (alias.type !== 'branchContact')
    throw new Error(`${DEMO.contactAlias} is a ${alias.type}, not a contact`);
  const modes = await must<ModeAnswer[]>({ baseUrl }, `/api/diner/branchordermodes/${alias.info.id}`);
  const delivery = modes.find((m) => m.showName.replaceAll(' ', '_') === DEMO.modeSegment) ?? modes[0];
  if (!delivery) throw new Error(`${DEMO.contactAlias} has no active order mode`);
  return {
    baseUrl,
    contactId: alias.info.id,
    branchId: alias.info.branch.id,
    modes: modes.map((m) => ({
      id: m.id,
      type: m.type,
      showName: m.showName,
      openNow: m.openNow ?? false,
      canSchedule: m.canSchedule ?? false,
    })),
    deliveryModeId: delivery.id,
    demoOrderCode: demoOrderCode(),
  };
}

// ---------------------------------------------------------------------------------------------- pages

export interface PageScenario {
  id: string;
  title: string;
  path(ctx: Context): string | null;
  /**
   * The page counts as built only when one of these shows after load and no status screen
   * (not found, error) is on screen.
   */
  markers(ctx: Context): { selectors?: string[]; texts?: string[] };
  /** 'budget': BENCH_LH_RUNS runs, the median reported and checked against the budget; 'once': informational. */
  runs: 'budget' | 'once';
  /**
   * 'simulate' (Lighthouse's default, the budget's) estimates a slow phone from a fast local run;
   * 'devtools' really throttles the network and CPU, which shows what early requests and a first
   * paint before the JS change on a phone network (the simulation cannot, on localhost).
   */
  throttling?: 'simulate' | 'devtools';
  /** localStorage entries the page finds on arrival (the origin's storage is then not reset). */
  localStorage?(ctx: Context): Promise<Record<string, string>>;
}

// a diner arrives at the cart and the checkout with one: a dish with choices and three discounted units
const withDemoCart = async (ctx: Context) => ({ [CART_STORAGE_KEY]: await demoStoredCart(ctx) });

/** What shows once each diner page is built (storefront.md, post-order-and-logistics.md). */
const PAGE_SETUP: Record<string, Pick<PageScenario, 'markers' | 'localStorage'>> = {
  menu: { markers: () => ({ selectors: ['.menu-content'] }) },
  // 'Mi pedido' with items (storefront.md section 2)
  cart: { markers: () => ({ texts: ['Mi pedido'] }), localStorage: withDemoCart },
  // the form with its price summary: an empty cart would be sent back to the cart page
  checkout: {
    markers: () => ({ texts: ['Confirmación del pedido', 'Realizar pedido'] }),
    localStorage: withDemoCart,
  },
  'follow-up': { markers: (ctx) => ({ texts: ctx.demoOrderCode ? [ctx.demoOrderCode] : [] }) },
  tracking: { markers: () => ({ texts: ['Clave de entrega'] }) },
  guide: { markers: () => ({ selectors: ['.guide'] }) },
  // the form of an open survey (its submit button)
  survey: { markers: () => ({ texts: ['Calificar mi pedido'] }) },
};

const menuPath = `/menu/${DEMO.contactAlias}/${DEMO.modeSegment}`;

export const pageScenarios: PageScenario[] = [
  ...dinerPages().map(
    (page): PageScenario => ({
      id: `page:${page.key}`,
      title: page.title,
      path: () => page.path,
      markers: PAGE_SETUP[page.key]?.markers ?? (() => ({})),
      ...(PAGE_SETUP[page.key]?.localStorage ? { localStorage: PAGE_SETUP[page.key]?.localStorage } : {}),
      runs: 'budget',
    }),
  ),
  {
    id: 'page:menu-devtools',
    title: 'Menu, real throttling (devtools; no budget)',
    path: () => menuPath,
    markers: () => ({ selectors: ['.menu-content'] }),
    runs: 'once',
    throttling: 'devtools',
  },
];

// ------------------------------------------------------------------------------------------------ API

export interface ApiScenario {
  id: string;
  title: string;
  path(ctx: Context): string;
  /** Extra request headers, given the real first answer's headers (for If-None-Match). */
  headers?(first: Headers): Record<string, string>;
  expectStatus: number;
}

const menuApiPath = (ctx: Context) => `/api/diner/${DEMO.contactAlias}/menu/${ctx.deliveryModeId}`;

export const apiScenarios: ApiScenario[] = [
  { id: 'api:menu-warm', title: 'Menu (warm cache, 200)', path: menuApiPath, expectStatus: 200 },
  {
    id: 'api:menu-304',
    title: 'Menu (If-None-Match, 304)',
    path: menuApiPath,
    headers: (first) => ({ 'if-none-match': first.get('etag') ?? '"missing-etag"' }),
    expectStatus: 304,
  },
  {
    id: 'api:branch-contacts',
    title: 'Branch-contact list by location',
    path: (ctx) => `/api/diner/branches/${ctx.branchId}/branchcontacts?lat=${DEMO.lat}&lng=${DEMO.lng}`,
    expectStatus: 200,
  },
  {
    id: 'api:schedule',
    title: 'Order-mode schedule',
    path: (ctx) => `/api/ordermode/schedule/${ctx.deliveryModeId}`,
    expectStatus: 200,
  },
];

/** `{code: NOT_FOUND, message: 'No existe la ruta …'}` is the server's answer for an unknown path. */
export function isMissingRoute(status: number, body: unknown): boolean {
  if (status !== 404) return false;
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message !== 'string' || message.startsWith('No existe la ruta');
}

// --------------------------------------------------------------------------------------------- orders

/** POST /api/order exists when an empty body is refused as bad input rather than as an unknown route. */
export async function orderEndpointAvailable(ctx: Context): Promise<{ available: boolean; reason?: string }> {
  const { status, body } = await getJson(`${ctx.baseUrl}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (status === 404) return { available: false, reason: `POST /api/order answers 404 (${describe(body)})` };
  // a crash is a failure, not a missing feature
  if (status >= 500)
    throw new Error(`POST /api/order answers ${status} to an empty body (${describe(body)})`);
  return { available: true };
}

export function describe(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body)
    return String((body as { message: unknown }).message);
  return JSON.stringify(body)?.slice(0, 160) ?? '';
}

export const trackingScenario = {
  id: 'tracking:sse',
  title: `Live tracking: ${config.sseSubscribers.toLocaleString('en-US')} SSE subscribers, update-to-event p99`,
};
