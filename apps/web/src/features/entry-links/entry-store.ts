/**
 * What the entry link said, kept for the browser tab's session in sessionStorage 'comanda:entry', so a
 * later screen (checkout) can read it after the query string is gone.
 */
import { acquisitionChannelOf, DIRECT_CHANNEL, type EntryParams } from './entry-params.ts';

export const ENTRY_STORAGE_KEY = 'comanda:entry';

export interface StoredEntry {
  campaignId: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** campaignId ?? utm_source ?? 'DIRECT': the order's acquisitionChannel (checkout, a later issue). */
  acquisitionChannel: string;
  /** Plate ids or names the link preselects ('menu' parameter, preselect-plates.ts). */
  menu: string[];
  /** `{alias}|{menu}` once the link's plates were preselected there: a reload does not add them again. */
  menuApplied: string | null;
  /** Name and phone from the link still to be copied into the stored customer (needs the contact's country). */
  pendingName: string | null;
  pendingPhone: string | null;
  /** Name and phone of the last link copied into the stored customer: a reload does not overwrite edits. */
  customerLinkSeen: string | null;
  /** The campaign markers already reported as missing a campaignId (one report per link and session). */
  campaignLogged: string | null;
}

const EMPTY: StoredEntry = {
  campaignId: null,
  utmSource: null,
  utmCampaign: null,
  acquisitionChannel: DIRECT_CHANNEL,
  menu: [],
  menuApplied: null,
  pendingName: null,
  pendingPhone: null,
  customerLinkSeen: null,
  campaignLogged: null,
};

export function getEntry(): StoredEntry {
  try {
    const raw = globalThis.sessionStorage?.getItem(ENTRY_STORAGE_KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<StoredEntry>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function saveEntry(entry: StoredEntry): void {
  try {
    globalThis.sessionStorage?.setItem(ENTRY_STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // storage disabled: the link still works for this page view
  }
}

export function updateEntry(change: Partial<StoredEntry>): StoredEntry {
  const next = { ...getEntry(), ...change };
  saveEntry(next);
  return next;
}

/**
 * Folds a link into the session: a link with campaign markers replaces the previous campaign, and
 * each other parameter replaces its stored value only when the link carries it.
 */
export function mergeEntry(stored: StoredEntry, params: EntryParams): StoredEntry {
  const next = { ...stored };
  if (params.campaignId !== null || params.utmSource !== null || params.utmCampaign !== null) {
    next.campaignId = params.campaignId;
    next.utmSource = params.utmSource;
    next.utmCampaign = params.utmCampaign;
    next.acquisitionChannel = acquisitionChannelOf(params);
  }
  if (params.menu.length > 0) next.menu = params.menu;
  const customerLink = `${params.name ?? ''}|${params.phone ?? ''}`;
  if ((params.name !== null || params.phone !== null) && stored.customerLinkSeen !== customerLink) {
    next.pendingName = params.name;
    next.pendingPhone = params.phone;
    next.customerLinkSeen = customerLink;
  }
  return next;
}

/** For the order payload of a later issue. */
export function getAcquisitionChannel(): string {
  return getEntry().acquisitionChannel;
}
