/**
 * The maps' given views (storefront.md section 9, post-order-and-logistics.md section 9): a default centre
 * at a Buenos Aires point (geo.ts DEFAULT_MAP_CENTER), zoom 16 by default and after locating, 4 in the
 * address modal before locating, 5 for the tracking map's opening view; the open-map variant multiplies
 * the given zoom by 3 (decision 021: a deployment's choice, capped at the tiles' deepest zoom).
 */

export const MAP_DEFAULT_ZOOM = 16;
export const ADDRESS_MAP_ZOOM_BEFORE_LOCATING = 4;
/** The deepest zoom the tile layers serve. */
export const MAP_MAX_ZOOM = 19;
export const OPEN_MAP_ZOOM_FACTOR = 3;

export const MAP_VARIANTS = ['leaflet', 'open-map'] as const;
export type MapVariant = (typeof MAP_VARIANTS)[number];

/** The variant a setting names; Leaflet (the spec's default map provider) for anything else. */
export function mapVariantOf(setting: string | null | undefined): MapVariant {
  return setting?.trim().toLowerCase() === 'open-map' ? 'open-map' : 'leaflet';
}

/** The zoom a map is set to for a zoom the spec gives. */
export function mapZoom(zoom: number, variant: MapVariant): number {
  return variant === 'open-map' ? Math.min(zoom * OPEN_MAP_ZOOM_FACTOR, MAP_MAX_ZOOM) : zoom;
}
