import { bannerUrlOf, type CartModeCookie, MESSAGES, matchesModeSegment, resolveTheme } from '@comanda/core';
import type { Branch, DinerAlias } from '@comanda/core/contract';
import type { ShellBoot, ShellPage } from './render-shell.ts';
import type { RouteAssets } from './route-assets.ts';

/**
 * Which screen a browser path shows, mirroring apps/web/src/router.tsx: the alias page, the menu
 * (with its category and dish sub-routes), the cart preview, the checkout, an order's follow-up,
 * another screen of the alias, the public tracking page of an order
 * (/logistics/tracking/order/{alias}/{orderCode}) or its survey (/encuesta/{alias}/{orderCode}).
 */
export type ShellRouteKind =
  | 'alias'
  | 'menu'
  | 'cart'
  | 'checkout'
  | 'follow-up'
  | 'tracking'
  | 'survey'
  | 'other';

export interface ShellRoute {
  kind: ShellRouteKind;
  alias: string;
  /** The menu's order-mode segment, still URL-encoded as in the path. */
  modeSegment?: string;
  /** The order code of the follow-up, the tracking or the survey page. */
  orderCode?: string;
}

/** The lazy route module of each screen (its source path, as the Vite manifest keys it). */
export const ROUTE_MODULES: Record<Exclude<ShellRouteKind, 'other'>, string> = {
  alias: 'src/features/alias/alias-page.tsx',
  menu: 'src/features/menu/menu-page.tsx',
  cart: 'src/features/cart/cart-page.tsx',
  checkout: 'src/features/checkout/checkout-page.tsx',
  'follow-up': 'src/features/follow-up/follow-up-page.tsx',
  tracking: 'src/features/tracking/tracking-page.tsx',
  survey: 'src/features/survey/survey-page.tsx',
};

const ALIAS = /^[a-zA-Z0-9-]{1,120}$/;
const ORDER_CODE = /^[a-zA-Z0-9]{1,40}$/;
// children of /menu/:alias that are not order modes
const NOT_MODES = new Set(['preview', 'checkout', 'order']);

export function matchShellRoute(pathname: string): ShellRoute | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'logistics') return matchTrackingRoute(parts);
  if (parts[0] === 'encuesta') return matchSurveyRoute(parts);
  const [root, alias, child] = parts;
  if (root !== 'menu' || !alias || !ALIAS.test(alias)) return null;
  if (child === undefined) return { kind: 'alias', alias };
  if (child === 'preview' && parts.length === 3) return { kind: 'cart', alias };
  if (child === 'checkout' && parts.length === 3) return { kind: 'checkout', alias };
  if (child === 'order' && parts.length === 4 && ORDER_CODE.test(parts[3] ?? ''))
    return { kind: 'follow-up', alias, orderCode: parts[3] };
  if (NOT_MODES.has(child) || parts.length > 5) return { kind: 'other', alias };
  return { kind: 'menu', alias, modeSegment: child };
}

/** The stored cart's mode when it belongs to this page's contact and is one of its active modes. */
function storedCartModeOf(
  route: ShellRoute,
  data: ShellData,
  cartMode: CartModeCookie | null | undefined,
): number | null {
  if (!cartMode || (route.kind !== 'cart' && route.kind !== 'checkout')) return null;
  if (data.entity.type !== 'branchContact') return null;
  if (cartMode.alias.toLowerCase() !== data.entity.info.alias.toLowerCase()) return null;
  return data.modes.some((mode) => mode.id === cartMode.orderModeId) ? cartMode.orderModeId : null;
}

function matchTrackingRoute(parts: string[]): ShellRoute | null {
  const [, tracking, order, alias, code] = parts;
  if (parts.length !== 5 || tracking !== 'tracking' || order !== 'order') return null;
  if (!alias || !ALIAS.test(alias) || !code) return null;
  try {
    return { kind: 'tracking', alias, orderCode: decodeURIComponent(code) };
  } catch {
    return null; // a malformed escape: the page will say the link is not valid
  }
}

/** `/encuesta/{alias}/{orderCode}`, the survey of an order. */
function matchSurveyRoute(parts: string[]): ShellRoute | null {
  const [, alias, code] = parts;
  if (parts.length !== 3 || !alias || !ALIAS.test(alias) || !code || !ORDER_CODE.test(code)) return null;
  return { kind: 'survey', alias, orderCode: code };
}

export interface ShellData {
  entity: DinerAlias;
  /** The branch contact's active order modes (empty for companies and branches). */
  modes: { id: number; showName: string }[];
}

const BORDER = { light: '#e6e6e6', dark: '#4a4644' } as const;

/** The fixed title of a screen, painted by the boot where the screen will draw it. */
const PAGE_TITLES: Partial<Record<ShellRouteKind, ShellBoot['pageTitle']>> = {
  cart: { text: MESSAGES.myOrderTitle, layout: 'cart' },
  checkout: { text: MESSAGES.checkoutTitle, layout: 'checkout' },
};

function bootOf(branch: Branch, name: string, withCover: boolean, kind?: ShellRouteKind): ShellBoot {
  const theme = resolveTheme(branch.generalConfig.colorConfig);
  return {
    name,
    pageTitle: (kind && PAGE_TITLES[kind]) ?? null,
    logoUrl: branch.customLogoURL,
    bannerUrl: bannerUrlOf(branch),
    withCover,
    colors: {
      background: theme.mainBackground,
      surface: theme.surface,
      text: theme.mainText,
      muted: theme.descriptionText,
      border: BORDER[theme.mode],
      main: theme.mainColor,
    },
  };
}

function modeIdOf(modes: ShellData['modes'], segment: string | undefined): number | null {
  if (!segment) return null;
  try {
    return modes.find((mode) => matchesModeSegment(segment, mode.showName))?.id ?? null;
  } catch {
    return null; // a malformed escape in the path matches no mode
  }
}

const TITLE_SUFFIX = 'Pedí online';
const TRACKING_TITLE_SUFFIX = 'Seguimiento del pedido';

// WhatsApp and the social networks draw no SVG in a link preview: only these are offered
const PREVIEW_IMAGE = /\.(png|jpe?g|webp|gif)(\?.*)?$/i;

/** The first raster image among the candidates, absolute: no preview image beats a broken one. */
function previewImage(candidates: (string | null)[], publicUrl: string): string | null {
  const url = candidates.find((candidate) => candidate && PREVIEW_IMAGE.test(candidate)) ?? null;
  return absoluteUrl(url, publicUrl);
}

/** Link previews are fetched by other servers: stored paths become absolute on PUBLIC_URL. */
function absoluteUrl(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, publicUrl).href;
  } catch {
    return null;
  }
}

/**
 * What the shell announces for a route: the web app's own title ('{business} | Pedí online'), the
 * requests the screen will make at start (the same URLs as apps/web/src/api/queries.ts, so the
 * browser reuses the early answers), and the branded boot.
 */
export function planShellPage(
  route: ShellRoute,
  data: ShellData,
  context: {
    assetsOf: (kind: ShellRouteKind) => RouteAssets;
    publicUrl: string;
    /** The browser's stored cart, as its cookie tells (core's CART_MODE_COOKIE); absent without one. */
    cartMode?: CartModeCookie | null;
  },
): ShellPage {
  const { entity } = data;
  const assets = context.assetsOf(route.kind);
  const aliasData = `/api/diner/${encodeURIComponent(route.alias)}`;
  const base = { ...assets, data: [aliasData] };

  if (entity.type === 'company') {
    const { name } = entity.info;
    return { ...base, title: `${name} | ${TITLE_SUFFIX}`, description: `Pedí online en ${name}.` };
  }

  const branch = entity.type === 'branch' ? entity.info : entity.info.branch;
  const common = {
    ...base,
    title: `${branch.name} | ${TITLE_SUFFIX}`,
    description: branch.customMessage?.trim() || `Pedí online en ${branch.name}.`,
    imageUrl: previewImage([branch.customLogoURL, bannerUrlOf(branch)], context.publicUrl),
    themeColor: resolveTheme(branch.generalConfig.colorConfig).mainColor,
    manifestHref: `/api/diner/${encodeURIComponent(entity.info.alias)}/manifest.webmanifest`,
  };
  // the survey is a contact's: under another alias its page says there is nothing to rate
  if (route.kind === 'survey' && entity.type !== 'branchContact') return common;
  if (entity.type === 'branch') return { ...common, boot: bootOf(branch, branch.name, false) };

  const contact = entity.info;
  if (route.kind === 'tracking' && route.orderCode !== undefined) {
    // the same URLs as apps/web/src/features/tracking/tracking-queries.ts and the alias query
    const tracking = `/api/logisticsorder/tracking/${encodeURIComponent(route.alias)}/${encodeURIComponent(route.orderCode)}`;
    return {
      ...common,
      manifestHref: undefined,
      title: `${branch.name} | ${TRACKING_TITLE_SUFFIX}`,
      description: `Seguí tu pedido de ${branch.name}.`,
      data: [aliasData, tracking],
      boot: bootOf(branch, branch.name, false),
    };
  }
  if (route.kind === 'survey' && route.orderCode !== undefined) {
    // the same URLs as apps/web/src/features/survey/survey-api.ts and the alias query
    const alias = encodeURIComponent(route.alias);
    const code = encodeURIComponent(route.orderCode);
    return {
      ...common,
      manifestHref: undefined,
      title: `${contact.name} | ${MESSAGES.surveyTitle}`,
      data: [aliasData, `/api/survey/order/${code}?alias=${alias}`, `/api/survey/${alias}`],
      boot: { ...bootOf(branch, contact.name, false), survey: { orderCode: route.orderCode.toUpperCase() } },
    };
  }
  const withMenuData = route.kind === 'menu' || route.kind === 'cart';
  const requests = [aliasData];
  // the mode choice, the menu, the cart and the checkout read the modes
  if (route.kind !== 'other' && route.kind !== 'follow-up')
    requests.push(`/api/diner/branchordermodes/${contact.id}`);
  // the follow-up reads its order (the same URL as the web's query) and the currency of the country
  if (route.kind === 'follow-up' && route.orderCode) {
    requests.push(
      `/api/diner/${encodeURIComponent(contact.alias)}/order/${route.orderCode}`,
      `/api/country/${encodeURIComponent(contact.country)}`,
    );
  }
  if (withMenuData) {
    requests.push(`/api/diner/${branch.id}/discounts`, `/api/menucustomization/${branch.id}`);
  }
  // the cart shows prices in the country's currency, whatever the cart holds
  if (route.kind === 'cart') requests.push(`/api/country/${encodeURIComponent(contact.country)}`);
  // the checkout reads these whatever the cart (and the cart page it sends an empty cart to reads them too)
  if (route.kind === 'checkout') {
    requests.push(
      `/api/menucustomization/${branch.id}`,
      `/api/country/${encodeURIComponent(contact.country)}`,
    );
  }
  // the stored cart's mode, which only the browser knows, through its cookie: the same URLs as the
  // web's prefetchCartRoute and prefetchCheckoutRoute ask for a cart with lines of an active mode
  const cartModeId = storedCartModeOf(route, data, context.cartMode);
  if (cartModeId !== null && route.kind === 'cart' && !contact.commercialTermsInfo.blocked) {
    requests.push(`/api/diner/${encodeURIComponent(contact.alias)}/menu/${cartModeId}`);
  }
  if (cartModeId !== null && route.kind === 'checkout') {
    requests.push(
      `/api/ordermodes/${cartModeId}/fees`,
      `/api/ordermodes/${cartModeId}/generaldiscounts`,
      `/api/ordermodes/${cartModeId}/generalsurcharges`,
      `/api/ordermode/schedule/${cartModeId}`,
      `/api/branch/${branch.id}/loyalty-program`,
    );
  }
  const modeId = route.kind === 'menu' ? modeIdOf(data.modes, route.modeSegment) : null;
  if (route.kind === 'menu') {
    requests.push(`/api/country/${encodeURIComponent(contact.country)}`);
    // a blocked contact's menu answers 403: the screen explains that without asking for it
    if (modeId !== null && !contact.commercialTermsInfo.blocked) {
      requests.push(`/api/diner/${encodeURIComponent(contact.alias)}/menu/${modeId}`);
    }
  }
  const withCover = route.kind === 'menu' && modeId !== null;
  return {
    ...common,
    data: requests,
    image: withCover ? bannerUrlOf(branch) : null,
    boot: bootOf(branch, branch.name, withCover, route.kind),
  };
}
