import { describe, expect, it } from 'vitest';
import { TRACKING_CHANNEL_PREFIX, trackingChannel } from '../live/channels.ts';
import { whatsAppLink } from '../local-time.ts';
import {
  boxAround,
  hasRiderContact,
  isLiveConnection,
  type Marker,
  riderCallLink,
  riderLabel,
  riderWhatsAppLink,
  shouldSubscribeToTracking,
  showsRiderLine,
  TRACKING_BIND_DELAY_MS,
  TRACKING_MAP_INITIAL_ZOOM,
  TRACKING_MARKER_SIZE,
  type TrackingView,
  trackingDateTime,
  trackingEtaText,
  trackingMapCenter,
  trackingMapOffset,
  trackingMarkers,
} from './tracking.ts';

const BA = 'America/Argentina/Buenos_Aires';
const PALERMO = { lat: -34.588, lng: -58.411 };
const GUEMES = { lat: -34.5899, lng: -58.4127 };
const RIDER = { lat: -34.5861, lng: -58.4097 };

function view(overrides: Partial<TrackingView> = {}): TrackingView {
  return {
    status: 'ON_ROUTE_TO_DROP_OFF',
    rider: { name: 'Martín Gómez', phone: '+5491160000001', ...RIDER },
    branchLocation: PALERMO,
    destinationLocation: GUEMES,
    eta: { minEta: '2026-11-18T18:20:00.000Z', maxEta: '2026-11-18T18:40:00.000Z' },
    ...overrides,
  };
}

describe('tracking constants (section 9)', () => {
  it('keeps the spec values', () => {
    expect(TRACKING_MAP_INITIAL_ZOOM).toBe(5);
    expect(TRACKING_MARKER_SIZE).toBe(36);
    expect(TRACKING_BIND_DELAY_MS).toBe(1000);
    expect(TRACKING_CHANNEL_PREFIX).toBe('tracking-');
    expect(trackingChannel(42)).toBe('tracking-42');
  });
});

describe('trackingMarkers', () => {
  it('places rider, branch and destination while the rider is on the way', () => {
    expect(trackingMarkers(view())).toEqual([
      { type: 'rider', position: RIDER },
      { type: 'branch', position: PALERMO },
      { type: 'destination', position: GUEMES },
    ]);
  });

  it('leaves the rider out when the status does not allow showing the position', () => {
    for (const status of ['LOOKING_FOR_DRIVER', 'DELIVERED', 'DRIVER_CANCELED']) {
      expect(trackingMarkers(view({ status })).map((m) => m.type)).toEqual(['branch', 'destination']);
    }
  });

  it('drops markers with missing or zero coordinates', () => {
    const markers = trackingMarkers(
      view({
        rider: { name: 'Martín', phone: null, lat: null, lng: null },
        branchLocation: { lat: 0, lng: -58.411 },
        destinationLocation: { lat: -34.5899, lng: Number.NaN },
      }),
    );
    expect(markers).toEqual([]);
    expect(trackingMarkers(view({ rider: null, destinationLocation: null })).map((m) => m.type)).toEqual([
      'branch',
    ]);
    expect(trackingMarkers(view({ rider: { name: 'M', lat: -34.5, lng: 0 } })).map((m) => m.type)).toEqual([
      'branch',
      'destination',
    ]);
  });
});

describe('the map centre', () => {
  it('is the rider position when there is one', () => {
    expect(trackingMapCenter(trackingMarkers(view()), 15)).toEqual(RIDER);
  });

  it('is otherwise the average of the markers, moved south by the zoom offset', () => {
    const markers = trackingMarkers(view({ status: 'LOOKING_FOR_DRIVER' }));
    const center = trackingMapCenter(markers, 14);
    expect(center?.lng).toBeCloseTo((PALERMO.lng + GUEMES.lng) / 2, 10);
    expect(center?.lat).toBeCloseTo((PALERMO.lat + GUEMES.lat) / 2 - 0.0015, 10);
    expect(trackingMapCenter([], 14)).toBeNull();
  });

  it('uses a base offset below zoom 7 and halves it with each further step', () => {
    expect(trackingMapOffset(14)).toBeCloseTo(0.0015, 12);
    expect(trackingMapOffset(15)).toBeCloseTo(0.00075, 12);
    expect(trackingMapOffset(13)).toBeCloseTo(0.003, 12);
    // 2 ** (14 - 7) = 128 times the offset at 14, and the same base below 7
    expect(trackingMapOffset(7)).toBeCloseTo(0.192, 12);
    expect(trackingMapOffset(6)).toBeCloseTo(0.192, 12);
    expect(trackingMapOffset(5)).toBeCloseTo(0.192, 12);
    expect(trackingMapOffset(0)).toBeCloseTo(0.192, 12);
  });

  it('fits every marker in a box centred on the centre', () => {
    const markers: Marker[] = trackingMarkers(view());
    const box = boxAround(RIDER, markers);
    expect(box.north - RIDER.lat).toBeCloseTo(RIDER.lat - box.south, 12);
    expect(box.east - RIDER.lng).toBeCloseTo(RIDER.lng - box.west, 12);
    for (const { position } of markers) {
      expect(position.lat).toBeGreaterThanOrEqual(box.south);
      expect(position.lat).toBeLessThanOrEqual(box.north);
      expect(position.lng).toBeGreaterThanOrEqual(box.west);
      expect(position.lng).toBeLessThanOrEqual(box.east);
    }
  });
});

describe('the rider block', () => {
  it("reads 'Sin repartidor' without a rider name", () => {
    expect(riderLabel(null)).toBe('Sin repartidor');
    expect(riderLabel({ name: '  ', phone: '+5491160000001' })).toBe('Sin repartidor');
    expect(riderLabel({ name: 'Martín Gómez' })).toBe('Martín Gómez');
  });

  it('builds WhatsApp and call links from the phone, and none without one', () => {
    expect(riderWhatsAppLink('+54 9 11 6000-0001')).toBe('https://wa.me/5491160000001');
    expect(whatsAppLink('+54 9 11 3321-4567', 'Hola, mi pedido #DMP2')).toBe(
      'https://wa.me/5491133214567?text=Hola%2C%20mi%20pedido%20%23DMP2',
    );
    expect(riderCallLink('+54 9 11 6000-0001')).toBe('tel:+5491160000001');
    expect(riderCallLink('011 6000-0001')).toBe('tel:01160000001');
    for (const phone of [null, undefined, '', ' - ']) {
      expect(riderWhatsAppLink(phone)).toBeNull();
      expect(riderCallLink(phone)).toBeNull();
    }
  });

  it('is shown only with both a name and a phone', () => {
    expect(hasRiderContact({ name: 'Martín Gómez', phone: '+5491160000001' })).toBe(true);
    expect(hasRiderContact({ name: 'Martín Gómez', phone: null })).toBe(false);
    expect(hasRiderContact({ name: '', phone: '+5491160000001' })).toBe(false);
    expect(hasRiderContact(null)).toBe(false);
  });
});

describe('the ETA line', () => {
  it("writes the latest estimate in the branch's time zone, followed by 'hs'", () => {
    // 18:40 UTC is 15:40 in Buenos Aires
    expect(trackingEtaText(view(), BA)).toBe('Entrega estimada: 15:40 hs');
    expect(trackingEtaText(view({ eta: { minEta: '2026-11-18T18:20:00.000Z', maxEta: null } }), BA)).toBe(
      'Entrega estimada: 15:20 hs',
    );
    expect(trackingEtaText(view(), 'America/Santiago')).toBe('Entrega estimada: 15:40 hs');
    expect(trackingEtaText(view(), 'Europe/Madrid')).toBe('Entrega estimada: 19:40 hs');
  });

  it('is empty (hidden) when the status does not allow it or there is no estimate', () => {
    expect(trackingEtaText(view({ status: 'DELIVERED' }), BA)).toBe('');
    expect(trackingEtaText(view({ eta: null }), BA)).toBe('');
    expect(trackingEtaText(view({ eta: { minEta: null, maxEta: null } }), BA)).toBe('');
    expect(trackingEtaText(view({ eta: { minEta: 'mañana', maxEta: null } }), BA)).toBe('');
    expect(trackingEtaText(view(), 'Mars/Olympus')).toBe('');
  });
});

describe('the order date and time', () => {
  it('is written in the branch zone', () => {
    expect(trackingDateTime('2026-11-18T17:50:00.000Z', BA)).toBe('18/11/2026 14:50 hs');
    expect(trackingDateTime('2026-11-19T02:05:00.000Z', BA)).toBe('18/11/2026 23:05 hs');
    expect(trackingDateTime(null, BA)).toBe('');
    expect(trackingDateTime('ayer', BA)).toBe('');
  });
});

describe('data status and push connection', () => {
  it('subscribes only once loaded and with live updates enabled', () => {
    expect(shouldSubscribeToTracking('loaded', true)).toBe(true);
    expect(shouldSubscribeToTracking('initial', true)).toBe(false);
    expect(shouldSubscribeToTracking('loaded', false)).toBe(false);
  });

  it('is live only while connected', () => {
    expect(isLiveConnection('connected')).toBe(true);
    for (const state of ['disconnected', 'failed', 'unavailable', null] as const) {
      expect(isLiveConnection(state)).toBe(false);
    }
  });
});

describe('the rider line of the overlay', () => {
  it("names a rider on the way, says 'Sin repartidor' while none holds the job, and nothing in between", () => {
    expect(showsRiderLine(view())).toBe(true);
    expect(showsRiderLine(view({ status: 'LOOKING_FOR_DRIVER', rider: null }))).toBe(true);
    expect(showsRiderLine(view({ status: 'STACKING', rider: null }))).toBe(true);
    expect(showsRiderLine(view({ status: 'ON_ROUTE_TO_PICK_UP', rider: null }))).toBe(false);
    expect(showsRiderLine(view({ status: 'IN_STORE', rider: null }))).toBe(false);
  });
});
