/**
 * Wires the storefront's telemetry to the alias on screen: analytics events and diner logs name the branch
 * and contact, and a delegated listener reports every link click (LINK_CLICK; the tracker itself skips
 * /order paths).
 */
import type { DinerAlias } from '@comanda/core/contract';
import { useEffect } from 'react';
import { setDinerLogContext } from '../diner-log/log-context.ts';
import { setAnalyticsContext, track } from './track.ts';

const MAX_HREF = 500;

/**
 * The link without its query string: entry links carry the diner's name and phone, and share links
 * the message text, none of which belongs in analytics. Own pages are sent as a path.
 */
export function linkTarget(href: string, ownOrigin: string): { href: string; external: boolean } {
  const url = new URL(href, ownOrigin);
  if (url.origin === ownOrigin) return { href: url.pathname.slice(0, MAX_HREF), external: false };
  const base = url.origin === 'null' ? url.protocol : url.origin;
  return { href: `${base}${url.pathname}`.slice(0, MAX_HREF), external: true };
}

function onDocumentClick(event: MouseEvent): void {
  const target = event.target;
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return;
  try {
    track('LINK_CLICK', linkTarget(anchor.href, location.origin));
  } catch {
    // an unparsable href is not worth an event
  }
}

export function useStorefrontAnalytics(entity: DinerAlias | undefined): void {
  const branchId =
    entity?.type === 'branch'
      ? entity.info.id
      : entity?.type === 'branchContact'
        ? entity.info.branch.id
        : undefined;
  const branchContactId = entity?.type === 'branchContact' ? entity.info.id : undefined;

  useEffect(() => {
    setAnalyticsContext({
      ...(branchId !== undefined ? { branchId } : {}),
      ...(branchContactId !== undefined ? { branchContactId } : {}),
    });
    setDinerLogContext({ bcId: branchContactId ?? null, branchId: branchId ?? null });
  }, [branchId, branchContactId]);

  useEffect(() => {
    // capture: the click is recorded with the page it happened on, before the router navigates
    document.addEventListener('click', onDocumentClick, { capture: true });
    return () => document.removeEventListener('click', onDocumentClick, { capture: true });
  }, []);
}
