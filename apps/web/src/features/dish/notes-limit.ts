import type { MenuCustomization } from '@comanda/core/contract';

/** The spec's default for order and item notes. */
export const DEFAULT_NOTES_LIMIT = 250;

/**
 * The item-notes limit of the NOTES_LIMIT customisation: 250 unless it says otherwise, and none
 * (null) only when it turns the limit off with hasItemNotesLimit false.
 */
export function itemNotesLimit(customizations: readonly MenuCustomization[] | undefined): number | null {
  const entry = customizations?.find((c) => c.resource === 'NOTES_LIMIT');
  if (!entry) return DEFAULT_NOTES_LIMIT;
  let commands: { itemNotesLimit?: unknown; hasItemNotesLimit?: unknown };
  try {
    commands = JSON.parse(entry.commands) ?? {};
  } catch {
    return DEFAULT_NOTES_LIMIT;
  }
  if (commands.hasItemNotesLimit === false) return null;
  const limit = commands.itemNotesLimit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_NOTES_LIMIT;
}
