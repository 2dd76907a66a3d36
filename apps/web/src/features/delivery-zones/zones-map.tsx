/**
 * The delivery zones on a Leaflet map: every zone drawn (the chosen one in the brand colour, paused ones
 * dashed), the shop's pin, the tested address. The chosen zone is reshaped with Leaflet-Geoman's
 * handles (polygon vertices, a circle's centre and radius), and new polygons are drawn point by point.
 * A tap on the map tests that spot; a tap on a zone also chooses it. Everything the map does has a
 * keyboard way too on the page (the zone list, the radius field, the address box).
 */
import type { LatLng } from '@comanda/core';
import type { ZoneShape } from '@comanda/core/back-office';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// Geoman extends the global L that Leaflet sets when it loads: it must come after it
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef } from 'react';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const CHOSEN = '#b3261e';
const OTHER = '#4b5563';

export interface MapZone {
  key: string;
  name: string;
  shape: ZoneShape;
  active: boolean;
}

export interface ZonesMapProps {
  origin: LatLng;
  zones: MapZone[];
  chosenKey: string | null;
  /** drawing a new polygon: each tap adds a point, a tap on the first closes it */
  drawing: boolean;
  testPoint: LatLng | null;
  onChoose: (key: string) => void;
  onShapeChange: (key: string, shape: ZoneShape) => void;
  onDrawn: (shape: ZoneShape) => void;
  onDrawCancel: () => void;
  onTestPoint: (point: LatLng) => void;
}

// Geoman's handles (vertices, a circle's centre and edge) are Leaflet markers it makes without options:
// by default each would be a nameless focusable 'button' that no key moves. They are pointer-only
// handles; the page offers the keyboard ways (the radius field, 'Centrar en el local', the list).
L.Marker.mergeOptions({ keyboard: false });

const shopIcon = L.divIcon({
  className: 'zones-map__shop',
  html: '<span aria-hidden="true"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 14],
});
const testIcon = L.divIcon({
  className: 'zones-map__test',
  html: '<span aria-hidden="true"></span>',
  iconSize: [26, 34],
  iconAnchor: [13, 34],
});

const point = (latLng: L.LatLng): LatLng => ({ lat: latLng.lat, lng: latLng.lng });

/** The shape a Geoman layer now has. */
function shapeOfLayer(layer: L.Layer): ZoneShape | null {
  if (layer instanceof L.Circle)
    return { type: 'CIRCLE', center: point(layer.getLatLng()), radiusMeters: Math.round(layer.getRadius()) };
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = rings[0] ?? [];
    return { type: 'POLYGON', points: ring.map(point) };
  }
  return null;
}

export default function ZonesMap(props: ZonesMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const zoneLayers = useRef<L.LayerGroup | null>(null);
  const testMarker = useRef<L.Marker | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const firstOrigin = useRef(props.origin);
  const fitted = useRef(false);

  useEffect(() => {
    if (!element.current) return;
    const origin = firstOrigin.current;
    const instance = L.map(element.current, { zoomControl: false }).setView([origin.lat, origin.lng], 13);
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(instance);
    instance.attributionControl.setPrefix(false);
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(instance);
    L.marker([origin.lat, origin.lng], { icon: shopIcon, keyboard: false, title: 'Tu local' }).addTo(
      instance,
    );
    instance.pm.setLang('es');
    instance.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false });
    zoneLayers.current = L.layerGroup().addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => {
      if (!instance.pm.globalDrawModeEnabled()) latest.current.onTestPoint(point(event.latlng));
    });
    instance.on('pm:create', (event) => {
      const shape = shapeOfLayer(event.layer);
      event.layer.remove();
      if (shape) latest.current.onDrawn(shape);
    });
    map.current = instance;
    return () => {
      (instance as unknown as { _animatingZoom: boolean })._animatingZoom = false;
      instance.remove();
      map.current = null;
      zoneLayers.current = null;
      testMarker.current = null;
    };
  }, []);

  // the zones, drawn again whenever they or the choice change (a few dozen layers at most)
  useEffect(() => {
    const instance = map.current;
    const group = zoneLayers.current;
    if (!instance || !group) return;
    group.clearLayers();
    const bounds = L.latLngBounds([]);
    for (const zone of props.zones) {
      const chosen = zone.key === props.chosenKey;
      const style: L.PathOptions = {
        color: chosen ? CHOSEN : OTHER,
        weight: chosen ? 3 : 2,
        fillOpacity: chosen ? 0.18 : 0.08,
        dashArray: zone.active ? undefined : '6 6',
      };
      const layer =
        zone.shape.type === 'CIRCLE'
          ? L.circle([zone.shape.center.lat, zone.shape.center.lng], {
              ...style,
              radius: zone.shape.radiusMeters,
            })
          : L.polygon(
              zone.shape.points.map((p) => [p.lat, p.lng] as L.LatLngTuple),
              style,
            );
      layer.bindTooltip(zone.name || 'Zona sin nombre', { sticky: true });
      layer.on('click', (event: L.LeafletMouseEvent) => {
        if (instance.pm.globalDrawModeEnabled()) return;
        L.DomEvent.stopPropagation(event);
        latest.current.onChoose(zone.key);
        latest.current.onTestPoint(point(event.latlng));
      });
      group.addLayer(layer);
      if (chosen) {
        layer.pm.enable({ allowSelfIntersection: false });
        layer.on('pm:edit', () => {
          const shape = shapeOfLayer(layer);
          if (shape) latest.current.onShapeChange(zone.key, shape);
        });
      }
      if (zone.shape.type === 'CIRCLE') bounds.extend((layer as L.Circle).getBounds());
      else if (zone.shape.points.length) bounds.extend((layer as L.Polygon).getBounds());
    }
    // the first time there are zones, the map shows them all
    if (!fitted.current && bounds.isValid()) {
      fitted.current = true;
      instance.fitBounds(bounds.pad(0.1), { animate: false });
    }
  }, [props.zones, props.chosenKey]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (props.drawing) {
      instance.pm.enableDraw('Polygon', { allowSelfIntersection: false, snappable: false });
      const cancelled = () => {
        if (!instance.pm.globalDrawModeEnabled()) latest.current.onDrawCancel();
      };
      instance.on('pm:drawend', cancelled);
      return () => {
        instance.off('pm:drawend', cancelled);
        instance.pm.disableDraw();
      };
    }
    return undefined;
  }, [props.drawing]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!props.testPoint) {
      testMarker.current?.remove();
      testMarker.current = null;
      return;
    }
    const at: L.LatLngTuple = [props.testPoint.lat, props.testPoint.lng];
    if (testMarker.current) testMarker.current.setLatLng(at);
    else
      testMarker.current = L.marker(at, {
        icon: testIcon,
        keyboard: false,
        title: 'Dirección de prueba',
      }).addTo(instance);
  }, [props.testPoint]);

  return (
    <div
      ref={element}
      className="zones-map"
      role="application"
      aria-label="Mapa de tus zonas de envío. Tocá una zona para elegirla o un punto para probarlo."
      data-testid="zones-map"
    />
  );
}
