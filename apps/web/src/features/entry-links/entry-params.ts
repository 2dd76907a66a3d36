/**
 * The storefront's entry query parameters (storefront.md section 2): campaignId, abandoned, phone, name,
 * menu (repeatable) and the utm source. Pure: reads a query string, touches no storage.
 */

export interface EntryParams {
  campaignId: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** Diner name to pre-fill. */
  name: string | null;
  /** Phone as written in the link (cleaned and prefixed later, with the contact's country). */
  phone: string | null;
  /** Plate ids or names to highlight, in link order, without repeats. */
  menu: string[];
  /** A recovery link: with a phone, the abandoned cart of that phone is restored. */
  abandoned: boolean;
}

/** The installed app opens its start_url with this source (see the web manifest route). */
export const INSTALLED_APP_SOURCE = 'pwa';

export const DIRECT_CHANNEL = 'DIRECT';

const MAX_TEXT = 120;
const MAX_MENU_ENTRIES = 20;

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim().slice(0, MAX_TEXT);
  return value ? value : null;
}

export function parseEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search);
  const abandoned = params.get('abandoned');
  const menu = params
    .getAll('menu')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().slice(0, MAX_TEXT))
    .filter(Boolean);
  return {
    campaignId: text(params, 'campaignId'),
    utmSource: text(params, 'utm_source'),
    utmCampaign: text(params, 'utm_campaign'),
    name: text(params, 'name'),
    phone: text(params, 'phone'),
    menu: [...new Set(menu)].slice(0, MAX_MENU_ENTRIES),
    abandoned: abandoned !== null && !['false', '0', 'no'].includes(abandoned.trim().toLowerCase()),
  };
}

/** Whether the link carries anything the storefront keeps for the visit. */
export function hasEntryParams(params: EntryParams): boolean {
  return (
    params.campaignId !== null ||
    params.utmSource !== null ||
    params.utmCampaign !== null ||
    params.name !== null ||
    params.phone !== null ||
    params.menu.length > 0 ||
    params.abandoned
  );
}

/** The order's acquisitionChannel: the campaign, else the utm source, else DIRECT. */
export function acquisitionChannelOf(params: Pick<EntryParams, 'campaignId' | 'utmSource'>): string {
  return params.campaignId ?? params.utmSource ?? DIRECT_CHANNEL;
}

/**
 * A campaign link that lost its campaignId (it has utm markers but no id): the spec logs
 * 'No tenemos campaignId!'. Plain visits and the installed app's own start URL are not campaigns.
 */
export function isCampaignWithoutId(params: EntryParams): boolean {
  if (params.campaignId !== null) return false;
  const fromInstalledApp = params.utmSource === INSTALLED_APP_SOURCE && params.utmCampaign === null;
  return (params.utmSource !== null || params.utmCampaign !== null) && !fromInstalledApp;
}

/** The query string without the recovery flag, so a reload does not restore the cart again. */
export function withoutAbandoned(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('abandoned');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
