import type { OrderMode } from '@comanda/core/contract';
import { modeTypeFromHash } from './mode-labels.ts';

/**
 * The spec's hash-selection flag (storefront.md section 2): on while the diner goes from the branch-select
 * screen, with an order-mode chip chosen, to a shop (the route then carries '#DELIVERY' and the like);
 * the shop's mode screen then opens that mode by itself. In memory, as the rest of the storefront's
 * state: a shared or reloaded link with a hash, or a way back to the mode screen, lists the modes
 * (decision 021).
 */
let hashSelection = false;

export function setHashSelection(on: boolean): void {
  hashSelection = on;
}

export function isHashSelection(): boolean {
  return hashSelection;
}

export interface AutoSelection {
  /** The URL's hash, e.g. '#DELIVERY'. */
  hash: string;
  /** The spec's hash-selection flag (above). */
  hashSelection: boolean;
  /** The screen's alias is the one in the storefront's store (the stored cart's). */
  aliasStored: boolean;
}

/**
 * The mode to open without asking (storefront.md section 2): only once the alias on screen is the one in
 * the store; then the mode the hash names when the hash-selection flag is on, otherwise the only mode.
 */
export function autoSelectedMode(modes: OrderMode[], selection: AutoSelection): OrderMode | undefined {
  if (!selection.aliasStored) return undefined;
  const hashType = selection.hashSelection ? modeTypeFromHash(selection.hash) : undefined;
  const byHash = hashType ? modes.find((mode) => mode.type === hashType) : undefined;
  return byHash ?? (modes.length === 1 ? modes[0] : undefined);
}
