import type { CartLine } from '@comanda/core';
import type { RecoveryItem } from '@comanda/core/contract';

/** What the server keeps of a cart line: choices only; a recovery re-prices them from the menu. */
export function toRecoveryItems(lines: readonly CartLine[]): RecoveryItem[] {
  return lines.map((line) => ({
    referenceId: line.referenceId,
    name: line.name.slice(0, 200),
    quantity: Math.min(Math.max(1, line.quantity), 999),
    notes: line.notes.slice(0, 500),
    sizeId: line.sizeId,
    source: line.source,
    extras: line.extras
      .map((group) => ({
        groupId: group.groupId,
        groupItems: group.groupItems
          .filter((item) => item.quantity > 0)
          .map((item) => ({ referenceId: item.referenceId, quantity: item.quantity })),
      }))
      .filter((group) => group.groupItems.length > 0),
  }));
}
