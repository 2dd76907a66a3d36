/**
 * The standard loader snippets of the Facebook pixel, Google Tag Manager and gtag.js, written with DOM
 * calls (no inline script text), for ids that look like real ids only, each id at most once per page load.
 */
import { logToBackend } from '../diner-log/log-to-backend.ts';

export interface MarketingTagIds {
  fbPixelId: string | null;
  googleTagManagerId: string | null;
  googleAnalyticsId: string | null;
}

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

function checked(id: string | null, pattern: RegExp, kind: string): string | null {
  if (!id) return null;
  if (pattern.test(id)) return id;
  logToBackend(`Invalid ${kind} id`, { component: 'marketing-tags', payload: { id } });
  return null;
}

export function injectMarketingTags(ids: MarketingTagIds): void {
  const pixel = checked(ids.fbPixelId, FB_PIXEL_ID, 'Facebook pixel');
  const gtm = checked(ids.googleTagManagerId, GTM_ID, 'Google Tag Manager');
  const ga = checked(ids.googleAnalyticsId, GA_ID, 'Google Analytics');
  if (pixel) once(`fb:${pixel}`, () => injectFacebookPixel(pixel));
  if (gtm) once(`gtm:${gtm}`, () => injectTagManager(gtm));
  if (ga) once(`ga:${ga}`, () => injectAnalytics(ga));
}
