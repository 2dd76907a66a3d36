/**
 * The Content-Security-Policy of the app's pages. Scripts only from the app itself (index.html has no
 * inline script) and, when allowed, the hosts of the branches' marketing tags and of the support chats'
 * providers; images from the app, the map tiles' host and data/blob URLs (Leaflet's icons). Styles may
 * be inline: the page shell paints the branch's colours in a `style` attribute and React and Leaflet set
 * styles, none of which runs code.
 */
import { supportChatSources } from '@comanda/core';

export const OPENSTREETMAP_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The standard loaders of the Facebook pixel, Google Tag Manager and Google Analytics
 * (apps/web/src/features/marketing-tags) and what they load and call in turn, as their vendors document.
 */
export const MARKETING_TAG_SOURCES = {
  script: ['https://connect.facebook.net', 'https://*.googletagmanager.com'],
  connect: [
    'https://www.facebook.com',
    'https://connect.facebook.net',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://www.facebook.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  frame: ['https://www.googletagmanager.com'],
} as const;

/**
 * Mercado Pago's card form (its JS SDK and Card Payment Brick), which the checkout and the follow-up load
 * for a shop paid through Mercado Pago: its script, the frames the card is typed in (so card data never
 * touches our pages), the calls that make the token and its images and fonts.
 */
export const MERCADO_PAGO_CARD_SOURCES = {
  script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  connect: [
    'https://api.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://events.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
  frame: ['https://*.mercadopago.com', 'https://*.mercadolibre.com', 'https://*.mlstatic.com'],
  img: ['https://http2.mlstatic.com', 'https://*.mlstatic.com'],
  font: ['https://http2.mlstatic.com'],
} as const;

/**
 * The support chats' providers (core's SUPPORT_CHAT_PROVIDERS: Crisp and Tawk.to): the origins of each
 * one's widget, as its vendor documents them, and no other. A diner's browser loads a provider's script
 * only when the diner opens a shop's chat (apps/web/src/features/support-chat).
 */
export const SUPPORT_CHAT_SOURCES = supportChatSources();

export interface ContentSecurityPolicyOptions {
  /** The tile URL template the web's maps use (VITE_MAP_TILE_URL); OpenStreetMap's when absent. */
  mapTileUrl?: string | undefined;
  /** Let the branches' Facebook pixel, Tag Manager and Analytics load (their ids are branch data). */
  marketingTags: boolean;
  /** Let the branches' support chats load (the provider and id are branch data). */
  supportChat: boolean;
  /** More image sources (a CDN serving the businesses' logos and photos). */
  imgSources?: readonly string[];
  /** More script sources, also allowed to be called and framed (what a Tag Manager container adds). */
  scriptSources?: readonly string[];
}

/** A source expression a policy may hold: a scheme, or an origin with an optional `*.` and path. */
const SOURCE =
  /^(?:https?:|data:|blob:|(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?(?:\/[^\s;,'"]*)?)$/i;

export function isCspSource(source: string): boolean {
  return SOURCE.test(source);
}

/** The origin a tile URL template loads from: `https://{s}.tile.example.org/{z}/...` → `https://*.tile.example.org`. */
export function tileOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = (match[2] ?? '').replace(/\{[^}]*\}/g, '*').replace(/^(?:\*[^.]*\.)+/, '*.');
  if (host.includes('*', 1)) return null; // a placeholder inside the host cannot be expressed
  const origin = `${match[1]?.toLowerCase()}://${host}`;
  return isCspSource(origin) ? origin : null;
}

export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const tags = options.marketingTags ? MARKETING_TAG_SOURCES : null;
  const card = MERCADO_PAGO_CARD_SOURCES;
  const chat = options.supportChat ? SUPPORT_CHAT_SOURCES : null;
  const extraScripts = (options.scriptSources ?? []).filter(isCspSource);
  const tiles = tileOrigin(options.mapTileUrl ?? OPENSTREETMAP_TILES);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      ...card.script,
      ...(tags?.script ?? []),
      ...(chat?.script ?? []),
      ...extraScripts,
    ],
    ['style-src', "'self'", "'unsafe-inline'", ...(chat?.style ?? [])],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      ...(tiles ? [tiles] : []),
      ...card.img,
      ...(tags?.img ?? []),
      ...(chat?.img ?? []),
      ...(options.imgSources ?? []).filter(isCspSource),
    ],
    [
      'connect-src',
      "'self'",
      ...card.connect,
      ...(tags?.connect ?? []),
      ...(chat?.connect ?? []),
      ...extraScripts,
    ],
    ['font-src', "'self'", 'data:', ...card.font, ...(chat?.font ?? [])],
    ['frame-src', "'self'", ...card.frame, ...(tags?.frame ?? []), ...(chat?.frame ?? []), ...extraScripts],
    ['media-src', "'self'", ...(chat?.media ?? [])],
    ['worker-src', "'self'", ...(chat?.worker ?? [])],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}
