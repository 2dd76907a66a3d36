import { encodeModeSegment } from '@comanda/core';
import type { Category, Plate } from '@comanda/core/contract';
import { segmentMatches } from '../order-mode/mode-labels.ts';

/** Where a dish came from, kept in the history entry so closing it goes back there. */
export interface DishLocationState {
  dishFrom?: 'menu' | 'category' | 'cart';
  /** Opened from the cart's 'Te recomendamos': the line is added as an upsell. */
  upsell?: boolean;
}

function segmentOf(name: string): string {
  return encodeURIComponent(encodeModeSegment(name));
}

/** '/menu/donmateo-palermo/Delivery/Pizzas/Muzzarella' plus the query string. */
export function platePath(alias: string, modeShowName: string, plate: Plate, search: string): string {
  return `/menu/${alias}/${segmentOf(modeShowName)}/${segmentOf(plate.category.showName)}/${segmentOf(
    plate.showName || plate.name,
  )}${search}`;
}

/** The plate a route names: in its category first, then anywhere (a renamed category keeps old links alive). */
export function findPlate(
  categories: readonly Category[],
  categorySegment: string,
  plateSegment: string,
): Plate | undefined {
  const matches = (plate: Plate) =>
    segmentMatches(plateSegment, plate.showName || plate.name) || plateSegment === String(plate.id);
  const category = categories.find((candidate) =>
    segmentMatches(categorySegment, candidate.showName || candidate.name),
  );
  return category?.plates.find(matches) ?? categories.flatMap((c) => c.plates).find(matches);
}

const preloaded = new Set<string>();
/** Starts downloading the dish view's code before the first tap needs it. */
export function preloadDishDetail(inModal: boolean): void {
  const key = inModal ? 'modal' : 'page';
  if (preloaded.has(key)) return;
  preloaded.add(key);
  void (inModal ? import('./dish-modal.tsx') : import('./dish-page.tsx'));
}
