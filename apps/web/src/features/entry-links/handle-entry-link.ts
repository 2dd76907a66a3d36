/**
 * Everything an entry link asks for, loaded only when the URL carries entry parameters: the link is
 * folded into the session entry (once per page load), a campaign link without campaignId is reported,
 * and on a branch contact the name and phone are pre-filled and a recovery link restores the cart.
 */

import type { CartLine } from '@comanda/core';
import { MESSAGES } from '@comanda/core';
import type { DinerAlias } from '@comanda/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { modePath } from '../order-mode/mode-labels.ts';
import { applyLinkCustomer, recoverAbandonedCart } from './apply-contact-link.ts';
import { hasEntryParams, isCampaignWithoutId, parseEntryParams, withoutAbandoned } from './entry-params.ts';
import { getEntry, mergeEntry, saveEntry, updateEntry } from './entry-store.ts';

const COMPONENT = 'entry-links';

let recorded = false;
let campaignChecked = false;
const recoveries = new Set<string>();

function recordEntryOnce(search: string): void {
  if (recorded) return;
  recorded = true;
  const params = parseEntryParams(search);
  if (hasEntryParams(params)) saveEntry(mergeEntry(getEntry(), params));
}

/** 'No tenemos campaignId!' for a campaign link without its id, once per link and session. */
function checkCampaignOnce(search: string): void {
  if (campaignChecked) return;
  campaignChecked = true;
  const params = parseEntryParams(search);
  if (!isCampaignWithoutId(params)) return;
  const marker = `${params.utmSource ?? ''}|${params.utmCampaign ?? ''}`;
  if (getEntry().campaignLogged === marker) return;
  updateEntry({ campaignLogged: marker });
  logToBackend(MESSAGES.logMissingCampaignId, {
    component: COMPONENT,
    payload: { utm_source: params.utmSource, utm_campaign: params.utmCampaign },
  });
}

export interface EntryLinkRequest {
  search: string;
  /** The alias on screen, once known. */
  entity: DinerAlias | undefined;
  /** The route's mode segment, if any. */
  modeSegment: string | undefined;
  queryClient: QueryClient;
}

/** After a recovery link: the cart to restore (if any), where to go, and what to tell the diner. */
export interface EntryLinkOutcome {
  restore: { alias: string; orderModeId: number; menuHash: string; lines: CartLine[] } | null;
  to: string;
  toast: string | null;
}

export async function handleEntryLink(request: EntryLinkRequest): Promise<EntryLinkOutcome | null> {
  try {
    recordEntryOnce(request.search);
    const entity = request.entity;
    // the log waits for the alias, so it names the branch and contact
    if (!entity) return null;
    checkCampaignOnce(request.search);
    if (entity.type !== 'branchContact') return null;

    const contact = entity.info;
    await applyLinkCustomer(contact, request.queryClient);
    const params = parseEntryParams(request.search);
    const recoveryKey = `${contact.id}:${params.phone}`;
    if (!params.abandoned || params.phone === null || recoveries.has(recoveryKey)) return null;
    recoveries.add(recoveryKey);
    const outcome = await recoverAbandonedCart(
      contact,
      params.phone,
      request.modeSegment,
      request.queryClient,
    );

    // the diner may have moved on while the cart was fetched
    if (!location.pathname.startsWith(`/menu/${contact.alias}`)) return null;
    const rest = withoutAbandoned(location.search);
    if (outcome.status === 'restored') {
      return {
        restore: {
          alias: contact.alias,
          orderModeId: outcome.mode.id,
          menuHash: outcome.menuHash,
          lines: outcome.lines,
        },
        to: modePath(contact.alias, outcome.mode.showName, rest),
        toast: outcome.message,
      };
    }
    return { restore: null, to: `${location.pathname}${rest}${location.hash}`, toast: null };
  } catch (error) {
    logToBackend('Entry link handling failed', {
      component: COMPONENT,
      stack: error instanceof Error ? (error.stack ?? null) : null,
    });
    return null;
  }
}
