import { encodeModeSegment, matchesModeSegment } from '@comanda/core';
import type { OrderModeType } from '@comanda/core/contract';

export const ORDER_MODE_TYPES: readonly OrderModeType[] = [
  'DELIVERY',
  'TAKE_AWAY',
  'TABLE',
  'COUNTER_SELF_SERVICE',
];

/** Names for a mode type when the contact's own show name is not known. */
export const DEFAULT_MODE_LABELS: Record<OrderModeType, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Take Away',
  TABLE: 'Mesa',
  COUNTER_SELF_SERVICE: 'Mostrador',
};

export const MODE_DESCRIPTIONS: Record<OrderModeType, string> = {
  DELIVERY: 'Envío a domicilio',
  TAKE_AWAY: 'Retirás en el local',
  TABLE: 'Pedí desde tu mesa',
  COUNTER_SELF_SERVICE: 'Retirás en el mostrador',
};

export function isOrderModeType(value: string): value is OrderModeType {
  return (ORDER_MODE_TYPES as readonly string[]).includes(value);
}

/** '#DELIVERY' -> 'DELIVERY'; anything else -> undefined. */
export function modeTypeFromHash(hash: string): OrderModeType | undefined {
  const value = decodeURIComponent(hash.replace(/^#/, '')).trim().toUpperCase();
  return isOrderModeType(value) ? value : undefined;
}

/** matchesModeSegment, tolerant of a stray '%' that would make decoding throw. */
export function segmentMatches(segment: string, showName: string): boolean {
  try {
    return matchesModeSegment(segment, showName);
  } catch {
    return segment.toLowerCase() === encodeModeSegment(showName).toLowerCase();
  }
}

/** '/menu/donmateo-palermo/Take_Away' plus the query string the diner arrived with. */
export function modePath(alias: string, showName: string, search: string): string {
  return `/menu/${alias}/${encodeModeSegment(showName)}${search}`;
}
