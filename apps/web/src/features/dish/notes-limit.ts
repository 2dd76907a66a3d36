import { notesLimit } from '@comanda/core';
import type { MenuCustomization } from '@comanda/core/contract';

/** The item-notes limit (core's rule, shared with the server that enforces it on placement). */
export function itemNotesLimit(customizations: readonly MenuCustomization[] | undefined): number | null {
  return notesLimit(customizations, 'item');
}
