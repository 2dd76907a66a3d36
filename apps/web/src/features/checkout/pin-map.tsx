/**
 * A Leaflet map on which the diner marks where the order goes: a tap (or a drag of the pin) sets the
 * point. Loaded lazily with its library, only when the address modal opens. Tiles come from
 * VITE_MAP_TILE_URL (OpenStreetMap by default); when they fail to load the map still takes the pin.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { zoomOf } from '../../ui/map-zoom.ts';
import './pin-map.css';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface LatLngPoint {
  lat: number;
  lng: number;
}

export interface PinMapProps {
  /** Where the map starts when no pin is set. */
  center: LatLngPoint;
  /** The spec's zoom; the open-map variant multiplies it (ui/map-zoom.ts). */
  zoom: number;
  pin: LatLngPoint | null;
  onPin: (point: LatLngPoint) => void;
  label: string;
  /** The id of the message saying a pin is missing: the map is then marked invalid. */
  errorId?: string;
}

const pinIcon = L.divIcon({
  className: 'pin-map__pin',
  html: '<span aria-hidden="true"></span>',
  iconSize: [32, 40],
  iconAnchor: [16, 40],
});

export default function PinMap({ center, zoom, pin, onPin, label, errorId }: PinMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onPinRef = useRef(onPin);
  onPinRef.current = onPin;
  // the map is created once, where it first stands; later centre changes move it (below)
  const firstView = useRef({ center, zoom });

  useEffect(() => {
    if (!element.current) return;
    const { center: start, zoom: startZoom } = firstView.current;
    const instance = L.map(element.current, { zoomControl: false, attributionControl: true }).setView(
      [start.lat, start.lng],
      zoomOf(startZoom),
    );
    // Leaflet's own buttons say 'Zoom in' and 'Zoom out': ours speak Spanish
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(instance);
    // the credit as plain text: Leaflet's own prefix is a link told apart by colour only
    instance.attributionControl.setPrefix(false);
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => onPinRef.current(event.latlng));
    map.current = instance;
    return () => {
      // Leaflet 1.9 ends a zoom animation on a 250 ms timer that reads the map's panes; when the modal
      // closes within it (a tap on 'Guardar dirección' right after a zoom) the timer would throw on the
      // removed map, so the animation is marked over before the map goes
      (instance as unknown as { _animatingZoom: boolean })._animatingZoom = false;
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  useEffect(() => {
    // a jump, not an animation: the place was picked from a list, and nothing is left running if the
    // modal closes at once
    map.current?.setView([center.lat, center.lng], zoomOf(zoom), { animate: false });
  }, [center.lat, center.lng, zoom]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([pin.lat, pin.lng], {
        icon: pinIcon,
        draggable: true,
        keyboard: false,
      }).addTo(instance);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLatLng();
        if (at) onPinRef.current({ lat: at.lat, lng: at.lng });
      });
    } else marker.current.setLatLng([pin.lat, pin.lng]);
  }, [pin]);

  return (
    <div
      ref={element}
      className="pin-map"
      role="application"
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      data-testid="pin-map"
    />
  );
}
