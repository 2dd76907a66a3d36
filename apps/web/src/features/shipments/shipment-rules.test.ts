import type { RiderShipment, RiderShipmentStack, RouteStop } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  ageText,
  deliverableShipments,
  isDeliveryCode,
  isShipmentInProgress,
  mapsLink,
  OTHER_REASON,
  returningDeliveries,
  routeDistanceText,
  routeLettersText,
  shipmentListEntries,
  shipmentListQuery,
  shipmentStackListQuery,
  shouldRefetchStack,
  shouldSendLocation,
  stackDeliveries,
  stackStatus,
  undeliverableReason,
  undeliverableShipments,
} from './shipment-rules.ts';

const shop: RouteStop = {
  shipmentId: null,
  letter: 'A',
  kind: 'PICK_UP',
  label: 'Pizzería Don Mateo',
  address: 'Gorriti 4800',
  details: null,
  lat: -34.5875,
  lng: -58.4305,
};
const stop = (letter: string, address: string, lat: number, lng: number): RouteStop => ({
  shipmentId: null,
  letter,
  kind: 'DROP_OFF',
  label: `Entrega ${letter}`,
  address,
  details: null,
  lat,
  lng,
});
const b = stop('B', 'Honduras 5000', -34.5885, -58.4265);
const c = stop('C', 'Thames 1500', -34.5905, -58.4245);

let nextId = 1;
function shipment(overrides: Partial<RiderShipment> = {}, destination: RouteStop = b): RiderShipment {
  const id = overrides.id ?? nextId++;
  return {
    id,
    status: 'LOOKING_FOR_DRIVER',
    shipmentStackId: null,
    createdAt: '2026-11-18T17:30:00.000Z',
    updatedAt: '2026-11-18T17:30:00.000Z',
    returnShipment: false,
    returnReason: null,
    stackingOrder: 1,
    riderInfo: null,
    logisticsOrder: {
      id,
      orderId: id,
      orderRef: `…X${id}`,
      branchContact: {
        id: 1,
        alias: 'donmateo-palermo',
        name: 'Don Mateo',
        address: shop.address,
        lat: -34.5875,
        lng: -58.4305,
      },
      destination: {
        address: destination.address,
        details: null,
        lat: destination.lat,
        lng: destination.lng,
      },
      recipient: null,
      amountToCollect: 12000,
      paysWith: null,
      currency: 'ARS',
      itemCount: 2,
    },
    lostAuction: false,
    canShowDetails: true,
    nextStatus: 'ON_ROUTE_TO_PICK_UP',
    sliderLabel: 'Aceptar envío',
    canCancel: false,
    canReportUndeliverable: false,
    stops: [shop, { ...destination, letter: 'B' }],
    ...overrides,
  };
}

function stack(id: number, shipments: RiderShipment[]): RiderShipmentStack {
  return {
    id,
    status: 'LOOKING_FOR_DRIVER',
    shipments,
    finished: false,
    nextStatus: 'ON_ROUTE_TO_PICK_UP',
    sliderLabel: 'Aceptar envío',
    canCancel: false,
    stops: [shop, b, c],
  };
}

describe('the shipment list call', () => {
  it('asks for the own fleet shipments still looking for a driver, from 3 days ago to now', () => {
    const now = new Date('2026-11-18T18:00:00.000Z');
    expect(shipmentListQuery(1, now)).toEqual({
      page: 0,
      pageSize: 20,
      sort: 'ASC',
      branchContactId: 1,
      startDate: '2026-11-15T18:00:00.000Z',
      endDate: '2026-11-18T18:00:00.000Z',
      status: 'LOOKING_FOR_DRIVER',
      providerName: 'OWN_FLEET',
    });
    expect(shipmentStackListQuery(1)).toEqual({
      status: 'LOOKING_FOR_DRIVER',
      delivery_provider_name: 'OWN_FLEET',
      branchContactId: 1,
    });
  });
});

describe('the list cards', () => {
  it('shows stacks and lone shipments oldest first, never a stacked shipment twice', () => {
    const lone = shipment({ id: 10, createdAt: '2026-11-18T17:40:00.000Z' });
    const first = shipment({
      id: 11,
      shipmentStackId: 5,
      stackingOrder: 1,
      createdAt: '2026-11-18T17:35:00.000Z',
    });
    const second = shipment({ id: 12, shipmentStackId: 5, stackingOrder: 2 }, c);
    const entries = shipmentListEntries({ shipments: [lone, first] }, [stack(5, [first, second])]);
    expect(entries.map((e) => [e.key, e.multi, e.letters, e.createdAt])).toEqual([
      ['STACK-5', true, 'A → B → C', '2026-11-18T17:30:00.000Z'],
      ['SIMPLE-10', false, 'A → B', '2026-11-18T17:40:00.000Z'],
    ]);
    expect(entries[0]?.amountToCollect).toBe(24000);
    expect(entries[0]?.dropOffs.map((s) => s.letter)).toEqual(['B', 'C']);
  });

  it('calls a stack of one a plain card, and an empty answer no cards', () => {
    expect(shipmentListEntries(null, [stack(6, [shipment({ id: 20 })])])[0]?.multi).toBe(false);
    expect(shipmentListEntries({ shipments: [] }, [])).toEqual([]);
  });

  it('measures the route from stop to stop, and gives up without positions', () => {
    expect(routeDistanceText([shop, b])).toBe('0,4 km');
    expect(routeDistanceText([shop, { ...b, lat: null }])).toBeNull();
    expect(routeLettersText([shop, b, c])).toBe('A → B → C');
  });

  it('tells the age of a shipment', () => {
    const now = new Date('2026-11-18T18:00:00.000Z');
    expect(ageText('2026-11-18T17:59:40.000Z', now)).toBe('Recién creado');
    expect(ageText('2026-11-18T17:48:00.000Z', now)).toBe('Hace 12 min');
    expect(ageText('2026-11-18T16:40:00.000Z', now)).toBe('Hace 1 h 20 min');
    expect(ageText('2026-11-18T16:00:00.000Z', now)).toBe('Hace 2 h');
    expect(ageText('2026-11-17T17:00:00.000Z', now)).toBe('Hace 1 día');
    expect(ageText('2026-11-15T17:00:00.000Z', now)).toBe('Hace 3 días');
  });
});

describe('the detail', () => {
  it('links a stop to directions, by position or else by address', () => {
    expect(mapsLink(b)).toBe('https://www.google.com/maps/dir/?api=1&destination=-34.5885%2C-58.4265');
    expect(mapsLink({ ...b, lat: null, lng: null })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Honduras%205000',
    );
  });

  it('sorts a stack delivered first and cancelled last, lettering each drop-off on the route', () => {
    const delivered = shipment({ id: 31, status: 'DELIVERED', stackingOrder: 2 }, c);
    const cancelled = shipment({ id: 32, status: 'DRIVER_CANCELED', stackingOrder: 0 }, b);
    const open = shipment({ id: 33, status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 1 }, b);
    const deliveries = stackDeliveries({ shipments: [cancelled, open, delivered], stops: [shop, b, c] });
    expect(deliveries.map((d) => [d.shipment.id, d.letter])).toEqual([
      [31, 'C'],
      [33, 'B'],
      [32, 'B'],
    ]);
    const elsewhere = shipment({ id: 34, stackingOrder: 2 }, stop('D', 'Otra 1', -34.6, -58.4));
    expect(stackDeliveries({ shipments: [open, elsewhere], stops: [shop, b] }).map((d) => d.letter)).toEqual([
      'B',
      'C',
    ]);
  });

  it('offers the open drop-offs to deliver, the next stop first', () => {
    const later = shipment({ id: 41, status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 2 }, c);
    const next = shipment({ id: 42, status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 1 }, b);
    const done = shipment({ id: 43, status: 'DELIVERED', stackingOrder: 0 }, b);
    const deliveries = stackDeliveries({ shipments: [later, next, done], stops: [shop, b, c] });
    expect(deliverableShipments(deliveries).map((d) => d.shipment.id)).toEqual([42, 41]);
  });

  it("offers 'No pude entregar' for the rider's drop-offs on their way, the next stop first", () => {
    const later = shipment(
      { id: 51, status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 2, canReportUndeliverable: true },
      c,
    );
    const next = shipment(
      { id: 52, status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 1, canReportUndeliverable: true },
      b,
    );
    const done = shipment({ id: 53, status: 'DELIVERED', stackingOrder: 0 }, b);
    const deliveries = stackDeliveries({ shipments: [later, next, done], stops: [shop, b, c] });
    expect(undeliverableShipments(deliveries).map((d) => d.shipment.id)).toEqual([52, 51]);
  });

  it('gives each return shipment on its way back its own way back to the shop', () => {
    const back = shipment({
      id: 61,
      status: 'DELIVERED',
      returnShipment: true,
      returnReason: 'El cliente no estaba',
      nextStatus: 'RETURNED',
      sliderLabel: 'Regreso al local',
    });
    const returned = shipment({ id: 62, status: 'RETURNED', returnShipment: true, nextStatus: null });
    const delivered = shipment({ id: 63, status: 'DELIVERED', nextStatus: null });
    const deliveries = stackDeliveries({ shipments: [back, returned, delivered], stops: [shop, b, c] });
    expect(returningDeliveries(deliveries).map((d) => d.shipment.id)).toEqual([61]);
  });

  it('sends the reason chosen, or the words written under Otro motivo', () => {
    expect(undeliverableReason('El cliente no estaba', 'ignored')).toBe('El cliente no estaba');
    expect(undeliverableReason(OTHER_REASON, '  Portón cerrado  ')).toBe('Portón cerrado');
    expect(undeliverableReason(OTHER_REASON, 'x'.repeat(250))).toHaveLength(200);
    expect(undeliverableReason(OTHER_REASON, '   ')).toBeNull();
    expect(undeliverableReason(null, 'Portón cerrado')).toBeNull();
  });

  it('shows a pending stack with the status of its next open shipment', () => {
    const delivered = shipment({ status: 'DELIVERED', stackingOrder: 1 });
    const open = shipment({ status: 'ON_ROUTE_TO_DROP_OFFS', stackingOrder: 2 });
    expect(stackStatus({ status: 'PENDING', shipments: [open, delivered] })).toBe('ON_ROUTE_TO_DROP_OFFS');
    expect(stackStatus({ status: 'PENDING', shipments: [delivered] })).toBe('DELIVERED');
    expect(stackStatus({ status: 'IN_STORE', shipments: [open] })).toBe('IN_STORE');
    // STACKING is a cancelled-type status: never the stack's next open shipment
    const stacking = shipment({ status: 'STACKING', stackingOrder: 1 });
    expect(stackStatus({ status: 'PENDING', shipments: [stacking, open] })).toBe('ON_ROUTE_TO_DROP_OFFS');
  });

  it('refetches a stack once every shipment is delivered or cancelled', () => {
    expect(
      shouldRefetchStack({
        shipments: [shipment({ status: 'DELIVERED' }), shipment({ status: 'DRIVER_CANCELED' })],
      }),
    ).toBe(true);
    expect(
      shouldRefetchStack({
        shipments: [shipment({ status: 'DELIVERED' }), shipment({ status: 'IN_STORE' })],
      }),
    ).toBe(false);
  });

  it('accepts a delivery code of 4 digits only', () => {
    expect(isDeliveryCode('5821')).toBe(true);
    expect(isDeliveryCode(' 5821 ')).toBe(true);
    expect(isDeliveryCode('582')).toBe(false);
    expect(isDeliveryCode('58a1')).toBe(false);
  });
});

describe('the rider position', () => {
  it('is shared while a shipment is on its way, and the return leg of a return shipment', () => {
    expect(isShipmentInProgress('LOOKING_FOR_DRIVER')).toBe(false);
    expect(isShipmentInProgress('ON_ROUTE_TO_PICK_UP')).toBe(true);
    expect(isShipmentInProgress('ON_ROUTE_TO_DROP_OFFS')).toBe(true);
    expect(isShipmentInProgress('DELIVERED')).toBe(false);
    expect(isShipmentInProgress('DELIVERED', true)).toBe(true);
  });

  it('goes to the server at most every 15 seconds', () => {
    expect(shouldSendLocation(null, 1000)).toBe(true);
    expect(shouldSendLocation(1000, 15_999)).toBe(false);
    expect(shouldSendLocation(1000, 16_000)).toBe(true);
  });
});
