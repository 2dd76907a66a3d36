/**
 * Storefront analytics: events are queued and posted in small batches to POST /api/analytics/events
 * with the session id header. The session id lives in a cookie that lasts 10 minutes and is renewed on
 * every event, so a session ends after 10 idle minutes. Link clicks are not sent on /order paths.
 */
import type { AnalyticsEvent, AnalyticsEventType } from '@comanda/core/contract';

export const SESSION_COOKIE = 'comanda_sid';
const SESSION_MAX_AGE_S = 10 * 60;
const FLUSH_DELAY_MS = 1500;
const MAX_BATCH = 50;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let context: { branchId?: number; branchContactId?: number } = {};
type Listener = (type: AnalyticsEventType, payload?: Record<string, unknown>) => void;
let listener: Listener | undefined;

/** Who else hears every event: the branch's marketing tags (marketing-tags/conversions.ts). */
export function onTrack(next: Listener): void {
  listener = next;
}

/** The branch and contact every following event refers to. */
export function setAnalyticsContext(next: { branchId?: number; branchContactId?: number }): void {
  context = next;
}

export function sessionId(): string {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SESSION_COOKIE}=([A-Za-z0-9_-]+)`));
  const id = match?.[1] ?? randomId();
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's 10-minute session cookie; the Cookie Store API is missing on many phones
  document.cookie = `${SESSION_COOKIE}=${id}; max-age=${SESSION_MAX_AGE_S}; path=/; samesite=lax`;
  return id;
}

export function track(type: AnalyticsEventType, payload?: Record<string, unknown>): void {
  const path = location.pathname;
  if (type === 'LINK_CLICK' && path.includes('/order')) return;
  queue.push({ type, path, ...context, ...(payload ? { payload } : {}) });
  listener?.(type, payload);
  if (queue.length >= MAX_BATCH) flush();
  else if (!timer) timer = setTimeout(flush, FLUSH_DELAY_MS);
}

/** Sends what is queued; on page hide the browser keeps the request alive (keepalive). */
export function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (queue.length === 0) return;
  const events = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  void fetch('/api/analytics/events', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-session-id': sessionId() },
    body: JSON.stringify({ events }),
  }).catch(() => {
    // analytics never bothers the diner
  });
  if (queue.length > 0) timer = setTimeout(flush, FLUSH_DELAY_MS);
}

globalThis.addEventListener?.('pagehide', flush);
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flush();
});

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
