/**
 * The standard loader snippets of the Facebook pixel, Google Tag Manager and gtag.js, written with DOM
 * calls (no inline script text), for ids that look like real ids only, each id at most once per page load.
 */
import type { Branch } from '@comanda/core/contract';
import { onTrack } from '../analytics/track.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { conversionOf, conversionsOf } from './conversions.ts';

const FB_PIXEL_ID = /^\d{5,20}$/;
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/i;
const GA_ID = /^(G|UA|AW|DC)-[A-Z0-9-]{4,20}$/i;

const injected = new Set<string>();

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function once(key: string, inject: () => void): void {
  if (injected.has(key)) return;
  injected.add(key);
  inject();
}

function injectFacebookPixel(id: string): void {
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.queue = [];
    window.fbq = fbq;
    window._fbq ??= fbq;
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
}

function injectTagManager(id: string): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

function injectAnalytics(id: string): void {
  window.dataLayer ??= [];
  if (!window.gtag) {
    const dataLayer = window.dataLayer;
    // gtag.js reads the arguments object itself, as Google's snippet pushes it
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object, not an array
      dataLayer.push(arguments);
    };
    window.gtag('js', new Date());
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  }
  window.gtag('config', id);
}

function checked(raw: string | null, pattern: RegExp, kind: string): string | null {
  const id = raw?.trim();
  if (!id) return null;
  if (pattern.test(id)) return id;
  logToBackend(`Invalid ${kind} id`, { component: 'marketing-tags', payload: { id } });
  return null;
}

/** The branch's tags, its onlineMarketingConfig, and the contact's currency code for the order's value. */
export function injectMarketingTags(branch: Branch, currency: string | null): void {
  // onlineMarketingConfig.enabled false: the branch keeps its ids and loads no tag
  const config = branch.generalConfig.onlineMarketingConfig;
  if (config?.enabled === false) return;
  const pixel = checked(branch.fbPixelId, FB_PIXEL_ID, 'Facebook pixel');
  const gtm = checked(branch.googleTagManagerId, GTM_ID, 'Google Tag Manager');
  const ga = checked(branch.googleAnalyticsId, GA_ID, 'Google Analytics');
  if (pixel) once(`fb:${pixel}`, () => injectFacebookPixel(pixel));
  if (gtm) once(`gtm:${gtm}`, () => injectTagManager(gtm));
  if (ga) once(`ga:${ga}`, () => injectAnalytics(ga));
  if (!pixel && !gtm && !ga) return;
  // the storefront's events the configuration names reach the tags as their standard events
  const wanted = conversionsOf(config);
  onTrack((type, payload) => {
    const call = conversionOf(wanted, type, payload, currency);
    if (!call) return;
    if (pixel) window.fbq?.('track', ...call.facebook);
    if (ga) window.gtag?.('event', ...call.google);
    if (gtm) window.dataLayer?.push({ event: call.google[0], ...call.google[1] });
  });
}
