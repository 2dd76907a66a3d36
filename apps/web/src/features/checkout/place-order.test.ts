import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { getDeviceAddress, rememberDeviceAddress } from './device-address.ts';
import { destinationOf, followUpFlags, orderPayloadOf } from './place-order.ts';
import type { CheckoutAddress } from './use-checkout.ts';

const CHARCAS: CheckoutAddress = {
  street: 'Charcas 3641',
  betweenStreets: 'Bulnes y Vidt',
  details: 'Portero 3B',
  city: 'Buenos Aires',
  province: 'Ciudad Autónoma de Buenos Aires',
  postalCode: 'C1425',
  lat: -34.5846,
  lng: -58.416,
  number: '3641',
  fullAddress: 'Charcas 3641, Palermo, Buenos Aires',
  country: 'ar',
  geocoded: true,
};

describe('what placing adds to core’s payload', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the street and its house number apart, with the place details', () => {
    expect(destinationOf(CHARCAS)).toEqual({
      street: 'Charcas',
      number: '3641',
      details: 'Portero 3B',
      betweenStreets: 'Bulnes y Vidt',
      city: 'Buenos Aires',
      locality: 'Ciudad Autónoma de Buenos Aires',
      postalCode: 'C1425',
      fullAddress: 'Charcas 3641, Palermo, Buenos Aires',
      country: 'ar',
      geocoded: true,
      fromLocalStorage: false,
      lat: -34.5846,
      lng: -58.416,
    });
    // typed by hand: no place details, the whole line when no number ends it
    const typed = {
      ...CHARCAS,
      street: 'Pasaje Inventado',
      number: '',
      fullAddress: '',
      country: '',
      geocoded: false,
    };
    expect(destinationOf(typed)).toMatchObject({
      street: 'Pasaje Inventado',
      number: null,
      fullAddress: 'Pasaje Inventado, Buenos Aires',
      country: null,
      geocoded: false,
    });
  });

  it('flags the follow-up: points refresh, and a redirect customisation that cannot be followed', () => {
    expect(followUpFlags(false, [])).toBe('');
    expect(followUpFlags(true, undefined)).toBe('?refreshAfterUpdate=true');
    const broken = [
      { id: 1, resource: 'REDIRECT_ACTION', displayType: 'MANUAL', theme: null, commands: '{"url":1}' },
    ];
    expect(followUpFlags(true, broken)).toBe('?refreshAfterUpdate=true&invalidCustomRedirect=true');
    expect(followUpFlags(false, broken)).toBe('?invalidCustomRedirect=true');
  });

  it('names the partner’s member, never its token, and writes the order’s text', () => {
    sessionStorage.setItem(
      'comanda:external-user',
      JSON.stringify({ partner: 'sandbox', externalUserId: 'socio-1', token: 'sandbox-socio-1' }),
    );
    const payload = orderPayloadOf(
      {
        lines: [],
        price: {
          itemsPrice: 0,
          surcharges: [],
          discounts: [],
          productsPrice: 0,
          codeDiscount: 0,
          orderAmount: 0,
          pointsDiscount: 0,
          userServiceFee: 0,
          deliveryFee: 0,
          total: 0,
        },
        decimals: 2,
        contactId: 3,
        mode: { id: 7, type: 'TAKE_AWAY', showName: 'Take Away' },
        paymentType: { id: 1, showName: 'Efectivo', paymentMethod: 'CASH', upload: 'APP' },
        customer: { name: 'Irene', phone: '+5491155550631' },
      },
      { code: 'ARS', symbol: '$', decimals: 2 },
    );
    expect(payload).toMatchObject({
      partnerName: 'sandbox',
      userExternalReference: 'socio-1',
      installedApp: false,
      paymentInfo: { paymentUpload: 'APP', paymentReferenceId: null },
    });
    expect(payload.orderText).toMatch(/^Pedido · Take Away\nCliente: Irene · \+5491155550631/);
    expect(JSON.stringify(payload)).not.toContain('sandbox-socio-1');
  });
});

describe('the address remembered on this device', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the last order’s address and offers it back marked as the device’s', () => {
    expect(getDeviceAddress()).toBeNull();
    rememberDeviceAddress({ ...CHARCAS, fromLocalStorage: true });
    expect(JSON.parse(localStorage.getItem('comanda:address') ?? '{}')).not.toHaveProperty(
      'fromLocalStorage',
    );
    expect(getDeviceAddress()).toEqual({ ...CHARCAS, fromLocalStorage: true });
    localStorage.setItem('comanda:address', '{"street":""}');
    expect(getDeviceAddress()).toBeNull();
  });
});
