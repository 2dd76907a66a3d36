/**
 * The zoom a map is set to for a zoom the spec gives: the deployment's map variant (VITE_MAP_VARIANT,
 * 'leaflet' by default or 'open-map', which multiplies it by 3; core's map-view.ts). Only the lazy map
 * chunks import it.
 */
import { mapVariantOf, mapZoom } from '@comanda/core';

const VARIANT = mapVariantOf(import.meta.env.VITE_MAP_VARIANT);

export function zoomOf(zoom: number): number {
  return mapZoom(zoom, VARIANT);
}
