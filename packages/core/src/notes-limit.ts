/** The spec's default for order and item notes. */
export const DEFAULT_NOTES_LIMIT = 250;

interface CustomizationEntry {
  resource: string;
  commands: string;
}

type NotesKind = 'item' | 'order';

/**
 * The item or order notes limit of the NOTES_LIMIT customisation: 250 unless it says otherwise, and
 * none (null) only when it turns that limit off (hasItemNotesLimit / hasOrderNotesLimit false).
 */
export function notesLimit(
  customizations: readonly CustomizationEntry[] | undefined,
  kind: NotesKind,
): number | null {
  const entry = customizations?.find((c) => c.resource === 'NOTES_LIMIT');
  if (!entry) return DEFAULT_NOTES_LIMIT;
  let commands: Record<string, unknown>;
  try {
    commands = JSON.parse(entry.commands) ?? {};
  } catch {
    return DEFAULT_NOTES_LIMIT;
  }
  const [has, value] =
    kind === 'item' ? ['hasItemNotesLimit', 'itemNotesLimit'] : ['hasOrderNotesLimit', 'orderNotesLimit'];
  if (commands[has] === false) return null;
  const limit = commands[value];
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_NOTES_LIMIT;
}
