/** The menu route's mode segment is the order mode's show name with spaces as underscores. */
export function encodeModeSegment(showName: string): string {
  return showName.trim().replace(/\s+/g, '_');
}

/** Compares a route segment with a show name the way the storefront routes do. */
export function matchesModeSegment(segment: string, showName: string): boolean {
  return decodeURIComponent(segment).toLowerCase() === encodeModeSegment(showName).toLowerCase();
}
