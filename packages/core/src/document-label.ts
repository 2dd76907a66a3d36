/** The label of the document input when no DOCUMENT_LABEL customisation names it. */
export const DEFAULT_DOCUMENT_LABEL = 'Documento';

/** The DOCUMENT_LABEL customisation's label ('DNI', 'RUT'…), or the default. */
export function documentLabel(
  customizations: readonly { resource: string; commands: string }[] | undefined,
): string {
  const entry = customizations?.find((c) => c.resource === 'DOCUMENT_LABEL');
  if (!entry) return DEFAULT_DOCUMENT_LABEL;
  try {
    const label = (JSON.parse(entry.commands) as { label?: unknown } | null)?.label;
    return typeof label === 'string' && label.trim() ? label.trim() : DEFAULT_DOCUMENT_LABEL;
  } catch {
    return DEFAULT_DOCUMENT_LABEL;
  }
}
