/**
 * The tracking map: rider, branch and destination markers on Leaflet (a lazy chunk of the tracking
 * page). It opens at the spec's initial zoom 5 on the spec's centre and shows that view until its tiles
 * have loaded (at most OPENING_VIEW_MAX_MS), then fits the markers around that same centre (the rider,
 * or the markers' average moved by the zoom's offset). Live updates move the
 * markers without moving the view, so a diner who panned keeps their place; 'Actualizar' fits again.
 * Tiles come from VITE_MAP_TILE_URL (OpenStreetMap by default); without tiles the markers still show.
 */
// types only: the map's chunk takes its rules from the page as props, so core's tracking code has one
// importer and stays in the page's chunk (two importers put it in the storefront's shared core chunk)
import type { LatLng, LatLngBox, Marker, MarkerType } from '@comanda/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { zoomOf } from '../../ui/map-zoom.ts';
import './tracking-map.css';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Where a map without any marker looks: Buenos Aires, at the spec's zoom. */
const FALLBACK_CENTER: LatLng = { lat: -34.6037, lng: -58.3816 };
const MAX_FIT_ZOOM = 17;
const SINGLE_MARKER_ZOOM = 16;
/** The opening view stays this long at most when its tiles are slow; then the markers are fitted. */
export const OPENING_VIEW_MAX_MS = 3000;

const TITLES: Record<MarkerType, string> = {
  rider: 'Repartidor',
  branch: 'Local',
  destination: 'Destino',
};

// white glyphs on the marker's disc (icons.tsx shapes, as HTML for Leaflet's div icons)
const GLYPHS: Record<MarkerType, string> = {
  rider:
    '<circle cx="6" cy="17" r="3"/><circle cx="18" cy="17" r="3"/><path d="M9 17h6l-2-7h-3M13 10l1.5-4H18M15 17l3-7"/>',
  branch:
    '<path d="M4 9 5.5 4h13L20 9M4 9h16v2a3 3 0 0 1-5.3 2 3 3 0 0 1-5.4 0A3 3 0 0 1 4 11Z"/><path d="M5 13v7h14v-7M10 20v-4h4v4"/>',
  destination: '<path d="M4 11 12 4l8 7M6 10v10h12V10"/><path d="M10 20v-5h4v5"/>',
};

function iconOf(type: MarkerType, size: number): L.DivIcon {
  return L.divIcon({
    className: `tracking-marker tracking-marker--${type}`,
    // Leaflet positions the icon with a transform: the shape is an element inside it
    html: `<span class="tracking-marker__body"><svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[type]}</svg></span>`,
    iconSize: [size, size],
    // the rider is a disc on its point; the branch and destination are pins standing on theirs
    iconAnchor: type === 'rider' ? [size / 2, size / 2] : [size / 2, size],
  });
}

export interface TrackingMapProps {
  markers: Marker[];
  /** The spec's first view: its zoom (5); its centre is centerAt that zoom. */
  initialView: { zoom: number };
  /** The spec's centre at a zoom (core's trackingMapCenter). */
  centerAt: (zoom: number) => LatLng | null;
  /** The box the fitted view must show, centred on the spec's centre (core's boxAround). */
  fitBox: LatLngBox | null;
  markerSize: number;
  /** Changes when the view must be fitted again (first data, 'Actualizar'). */
  viewKey: number;
  label: string;
}

export default function TrackingMap({
  markers,
  initialView,
  centerAt,
  fitBox,
  markerSize,
  viewKey,
  label,
}: TrackingMapProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const placed = useRef(new Map<MarkerType, L.Marker>());
  // resolves once the opening view has been on screen (its tiles loaded, or given up on)
  const opened = useRef<Promise<void>>(Promise.resolve());
  // the view effects read the latest props without running on each of their changes
  const latest = useRef({ markers, initialView, centerAt, fitBox, markerSize });
  latest.current = { markers, initialView, centerAt, fitBox, markerSize };

  useEffect(() => {
    if (!element.current) return;
    const box = element.current;
    const zoom = zoomOf(latest.current.initialView.zoom);
    const start = latest.current.centerAt(zoom) ?? FALLBACK_CENTER;
    const instance = L.map(box, { zoomControl: false, attributionControl: true });
    // the view's zoom, for whoever checks what the map shows
    instance.on('zoomend', () => box.setAttribute('data-zoom', String(instance.getZoom())));
    instance.setView([start.lat, start.lng], zoom);
    // the credit as plain text: Leaflet's own prefix is a link told apart by colour only
    instance.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap' });
    opened.current = new Promise((resolve) => {
      tiles.once('load', () => resolve());
      setTimeout(resolve, OPENING_VIEW_MAX_MS);
    });
    tiles.addTo(instance);
    map.current = instance;
    const markerLayers = placed.current;
    return () => {
      instance.remove();
      map.current = null;
      markerLayers.clear();
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const present = new Set<MarkerType>();
    for (const { type, position } of markers) {
      present.add(type);
      const existing = placed.current.get(type);
      if (existing) existing.setLatLng([position.lat, position.lng]);
      else {
        const marker = L.marker([position.lat, position.lng], {
          icon: iconOf(type, latest.current.markerSize),
          title: TITLES[type],
          keyboard: false,
          interactive: false,
          zIndexOffset: type === 'rider' ? 1000 : 0,
        }).addTo(instance);
        placed.current.set(type, marker);
      }
    }
    for (const [type, marker] of placed.current) {
      if (!present.has(type)) {
        marker.remove();
        placed.current.delete(type);
      }
    }
  }, [markers]);

  useEffect(() => {
    let cancelled = false;
    function fit() {
      const instance = map.current;
      const { markers: current, centerAt: centerAtZoom, fitBox: box } = latest.current;
      if (cancelled || !instance || current.length === 0) return;
      instance.invalidateSize();
      let zoom = zoomOf(SINGLE_MARKER_ZOOM);
      if (current.length > 1 && box) {
        const bounds = L.latLngBounds([box.south, box.west], [box.north, box.east]);
        zoom = Math.min(instance.getBoundsZoom(bounds, false, L.point(72, 72)), MAX_FIT_ZOOM);
      }
      const center = centerAtZoom(zoom);
      if (center) instance.setView([center.lat, center.lng], zoom, { animate: false });
    }
    // the first fit waits for the opening view to be seen; 'Actualizar' fits at once
    if (viewKey === 0) void opened.current.then(fit);
    else fit();
    return () => {
      cancelled = true;
    };
  }, [viewKey]);

  return <section ref={element} className="tracking-map" aria-label={label} data-testid="tracking-map" />;
}
