/**
 * generalConfig.onlineMarketingConfig (decision 021): `enabled: false` keeps the branch's tags off while
 * their ids stay stored, and `conversions` lists the storefront events the tags hear as their standard
 * events (the four of the order's way by default; [] sends none). Part of the lazy tags chunk.
 */
import type { AnalyticsEventType } from '@comanda/core/contract';

/** Each storefront event the tags may hear: the pixel's standard event and Google's recommended one. */
export const CONVERSION_NAMES: Partial<Record<AnalyticsEventType, { facebook: string; google: string }>> = {
  ITEM_VIEW: { facebook: 'ViewContent', google: 'view_item' },
  ADD_ITEM: { facebook: 'AddToCart', google: 'add_to_cart' },
  CONTINUE_TO_CHECKOUT: { facebook: 'InitiateCheckout', google: 'begin_checkout' },
  CREATE_ORDER: { facebook: 'Purchase', google: 'purchase' },
  PAY_ORDER: { facebook: 'AddPaymentInfo', google: 'add_payment_info' },
};

export const DEFAULT_CONVERSIONS: readonly AnalyticsEventType[] = [
  'ITEM_VIEW',
  'ADD_ITEM',
  'CONTINUE_TO_CHECKOUT',
  'CREATE_ORDER',
];

/** The events to send: the configured ones the tags know, or the default list when none is configured. */
export function conversionsOf(config: Record<string, unknown> | undefined): Set<AnalyticsEventType> {
  const listed = config?.conversions;
  if (!Array.isArray(listed)) return new Set(DEFAULT_CONVERSIONS);
  return new Set(
    listed.filter((name): name is AnalyticsEventType => typeof name === 'string' && name in CONVERSION_NAMES),
  );
}

export interface ConversionCall {
  facebook: [string, Record<string, unknown>];
  google: [string, Record<string, unknown>];
}

/** What the tags are told of a storefront event, or null when it is not a configured conversion. */
export function conversionOf(
  wanted: ReadonlySet<AnalyticsEventType>,
  type: AnalyticsEventType,
  payload: Record<string, unknown> | undefined,
  currency: string | null,
): ConversionCall | null {
  const names = CONVERSION_NAMES[type];
  if (!names || !wanted.has(type)) return null;
  const total = payload?.total;
  const data: Record<string, unknown> =
    typeof total === 'number' ? { value: total, ...(currency ? { currency } : {}) } : {};
  return { facebook: [names.facebook, data], google: [names.google, data] };
}
