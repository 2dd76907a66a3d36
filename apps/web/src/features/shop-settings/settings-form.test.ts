import type { ShopSettings } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  feesBody,
  feesDraftOf,
  feesDraftProblems,
  jsonSafeFees,
  missingKinds,
  modeDraftProblems,
  modeDrafts,
  parseAmount,
  paymentTypeDraftProblems,
  paymentTypeDrafts,
  paymentTypesBody,
} from './settings-form.ts';

const SETTINGS: ShopSettings = {
  shopId: 1,
  name: 'Don Mateo Palermo',
  country: 'ar',
  currency: 'ARS',
  decimals: 2,
  account: { connected: false, name: null },
  paymentTypes: [
    {
      id: 1,
      paymentMethod: 'CASH',
      online: false,
      showName: 'Efectivo',
      active: true,
      bankAlias: null,
      bankCbu: null,
      bankHolder: null,
    },
    {
      id: 2,
      paymentMethod: 'TRANSFER',
      online: false,
      showName: 'Transferencia',
      active: true,
      bankAlias: 'donmateo.palermo',
      bankCbu: '0170099200000123456784',
      bankHolder: null,
    },
  ],
  modes: [
    {
      id: 10,
      type: 'DELIVERY',
      showName: 'Delivery',
      active: true,
      paymentTypeIds: [1, 2],
      serviceFee: { userFee: 300, percentage: 2.5 },
      surcharges: [{ id: 5, name: 'Packaging', type: 'FIXED', value: 150, active: true }],
    },
  ],
  ordersFlow: { autoAccept: false, confirmOrderBeforePlacing: false, whatsAppOnly: false, whatsAppPhone: '' },
};

describe('the payment types editor', () => {
  it('asks the transfer for its holder with core’s message, live', () => {
    const drafts = paymentTypeDrafts(SETTINGS);
    expect(paymentTypeDraftProblems(drafts, false)).toEqual({
      'paymentTypes.1.bankHolder': 'Ingresá el nombre del titular de la cuenta.',
    });
    drafts[1] = { ...(drafts[1] as (typeof drafts)[number]), bankHolder: 'Don Mateo SRL', bankCbu: '123' };
    expect(paymentTypeDraftProblems(drafts, false)).toEqual({
      'paymentTypes.1.bankCbu': 'El CBU o CVU tiene 22 números, sin espacios ni guiones.',
    });
  });

  it('offers to add the kinds the shop lacks and sends transfer data only for transfers', () => {
    const drafts = paymentTypeDrafts(SETTINGS);
    expect(missingKinds(drafts).map((kind) => kind.label)).toEqual([
      'Agregar tarjeta online',
      'Agregar link de pago',
    ]);
    expect(paymentTypesBody(drafts).paymentTypes[0]).toEqual({
      id: 1,
      paymentMethod: 'CASH',
      online: false,
      showName: 'Efectivo',
      active: true,
      bankAlias: null,
      bankCbu: null,
      bankHolder: null,
    });
    expect(paymentTypesBody(drafts).paymentTypes[1]?.bankAlias).toBe('donmateo.palermo');
  });
});

describe('the modes editor', () => {
  it('asks every active mode for an active payment type', () => {
    const drafts = modeDrafts(SETTINGS).map((mode) => ({ ...mode, paymentTypeIds: [] }));
    expect(modeDraftProblems(drafts, SETTINGS)).toEqual({
      'modes.0.paymentTypeIds': 'Delivery necesita al menos un medio de pago activo.',
    });
  });
});

describe('the fees editor', () => {
  it('reads amounts typed the Argentine way', () => {
    expect(parseAmount('1.500,50')).toBe(1500.5);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('1500.5')).toBe(1500.5);
    expect(parseAmount(' 300 ')).toBe(300);
    expect(parseAmount('')).toBeNaN();
    expect(parseAmount('abc')).toBeNaN();
  });

  it('shows what the mode has and sends it back as numbers', () => {
    const draft = feesDraftOf(SETTINGS.modes[0] as ShopSettings['modes'][number]);
    expect(draft).toMatchObject({ userFee: '300', percentage: '2,5' });
    expect(feesBody(draft)).toEqual({
      serviceFee: { userFee: 300, percentage: 2.5 },
      surcharges: [{ id: 5, name: 'Packaging', type: 'FIXED', value: 150, active: true }],
    });
    expect(feesDraftProblems(draft)).toEqual({});
  });

  it('says what is wrong with a fee or a surcharge, and sends no NaN', () => {
    const draft = feesDraftOf(SETTINGS.modes[0] as ShopSettings['modes'][number]);
    const wrong = {
      ...draft,
      percentage: '120',
      surcharges: [{ key: 'n', id: null, name: '', type: 'FIXED' as const, value: '', active: true }],
    };
    expect(feesDraftProblems(wrong)).toEqual({
      'serviceFee.percentage': 'El porcentaje de la tasa de servicio va de 0 a 100 %.',
      'surcharges.0.name': 'Ingresá el nombre del recargo (tus clientes lo ven en el pedido).',
      'surcharges.0.value': 'El recargo fijo tiene que ser un monto mayor que 0.',
    });
    expect(jsonSafeFees(feesBody(wrong)).surcharges[0]?.value).toBeNull();
  });
});
