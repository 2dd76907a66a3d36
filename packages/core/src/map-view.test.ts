import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER } from './geo.ts';
import { TRACKING_MAP_INITIAL_ZOOM } from './logistics/tracking.ts';
import { ADDRESS_MAP_ZOOM_BEFORE_LOCATING, MAP_DEFAULT_ZOOM, mapVariantOf, mapZoom } from './map-view.ts';

describe('map views (storefront.md section 9)', () => {
  it('starts at a Buenos Aires point, zoom 16, and 4 in the address modal before locating', () => {
    expect(DEFAULT_MAP_CENTER).toEqual({ lat: -34.6037, lng: -58.3816 });
    expect(MAP_DEFAULT_ZOOM).toBe(16);
    expect(ADDRESS_MAP_ZOOM_BEFORE_LOCATING).toBe(4);
  });

  it('keeps the given zoom on Leaflet, the default map provider', () => {
    expect(mapVariantOf(undefined)).toBe('leaflet');
    expect(mapVariantOf('google')).toBe('leaflet');
    expect(mapZoom(MAP_DEFAULT_ZOOM, 'leaflet')).toBe(16);
  });

  it('multiplies the given zoom by 3 on the open-map variant, up to the deepest tiles', () => {
    expect(mapVariantOf(' Open-Map ')).toBe('open-map');
    expect(mapZoom(ADDRESS_MAP_ZOOM_BEFORE_LOCATING, 'open-map')).toBe(12);
    expect(mapZoom(TRACKING_MAP_INITIAL_ZOOM, 'open-map')).toBe(15);
    expect(mapZoom(MAP_DEFAULT_ZOOM, 'open-map')).toBe(19);
  });
});
