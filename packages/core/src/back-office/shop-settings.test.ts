import { describe, expect, it } from 'vitest';
import {
  bankAliasProblem,
  cbuProblem,
  isCvu,
  modePaymentProblems,
  ordersFlowProblems,
  paymentTypeProblems,
  percentOfRatio,
  ratioOfPercent,
  serviceFeeProblems,
  surchargeProblems,
} from './shop-settings.ts';

const TRANSFER = {
  paymentMethod: 'TRANSFER',
  online: false,
  showName: 'Transferencia',
  active: true,
  bankAlias: 'donmateo.palermo',
  bankCbu: '0170099200000123456784',
  bankHolder: 'Don Mateo SRL',
};

describe('CBU and CVU', () => {
  it('takes CBUs whose two BCRA check digits are right, with spaces or dashes', () => {
    expect(cbuProblem('0170099200000123456784')).toBeNull();
    expect(cbuProblem('2850590940090418135201')).toBeNull();
    expect(cbuProblem('0170 0992 0000-0123456784')).toBeNull();
  });

  it('takes CVUs (they start with 000) with the same check digits', () => {
    expect(cbuProblem('0000003110001234567898')).toBeNull();
    expect(isCvu('0000003110001234567898')).toBe(true);
    expect(isCvu('0170099200000123456784')).toBe(false);
  });

  it('refuses a wrong first or second check digit', () => {
    const message = 'El CBU no es válido: revisá los números (los dígitos verificadores no coinciden).';
    // 8th digit changed
    expect(cbuProblem('0170099300000123456784')).toBe(message);
    // last digit changed
    expect(cbuProblem('0170099200000123456785')).toBe(message);
    expect(cbuProblem('0000003110001234567890')).toBe(message);
  });

  it('refuses anything but 22 digits', () => {
    const message = 'El CBU o CVU tiene 22 números, sin espacios ni guiones.';
    expect(cbuProblem('017009920000012345678')).toBe(message);
    expect(cbuProblem('01700992000001234567844')).toBe(message);
    expect(cbuProblem('0170099200000123456a84')).toBe(message);
    expect(cbuProblem('')).toBe(message);
  });
});

describe('transfer alias', () => {
  it('takes 6 to 20 letters, digits, dots and hyphens', () => {
    expect(bankAliasProblem('donmateo.palermo')).toBeNull();
    expect(bankAliasProblem('MESA-PIZZA.01')).toBeNull();
    expect(bankAliasProblem('abcdef')).toBeNull();
    expect(bankAliasProblem('a'.repeat(20))).toBeNull();
  });

  it('refuses shorter, longer, spaces and other characters', () => {
    const message = 'El alias tiene de 6 a 20 letras, números, puntos o guiones, sin espacios.';
    expect(bankAliasProblem('abcde')).toBe(message);
    expect(bankAliasProblem('a'.repeat(21))).toBe(message);
    expect(bankAliasProblem('don mateo')).toBe(message);
    expect(bankAliasProblem('don_mateo')).toBe(message);
    expect(bankAliasProblem('peña.pizza')).toBe(message);
  });
});

describe('payment types', () => {
  it('passes a complete transfer, cash and an online card with an account', () => {
    expect(
      paymentTypeProblems(
        [
          { paymentMethod: 'CASH', online: false, showName: 'Efectivo', active: true },
          TRANSFER,
          { paymentMethod: 'CARD', online: true, showName: 'Tarjeta online', active: true },
        ],
        { accountConnected: true },
      ),
    ).toEqual([]);
  });

  it('asks an active transfer for an account and its holder', () => {
    expect(
      paymentTypeProblems([{ ...TRANSFER, bankAlias: '', bankCbu: null, bankHolder: ' ' }], {
        accountConnected: false,
      }),
    ).toEqual([
      {
        path: 'paymentTypes.0.bankAlias',
        message: 'Para ofrecer transferencia, ingresá el alias o el CBU/CVU de tu cuenta.',
      },
      { path: 'paymentTypes.0.bankHolder', message: 'Ingresá el nombre del titular de la cuenta.' },
    ]);
  });

  it('lets a transfer that is off keep no account, but checks what it has', () => {
    expect(
      paymentTypeProblems([{ ...TRANSFER, active: false, bankAlias: '', bankCbu: '', bankHolder: '' }], {
        accountConnected: false,
      }),
    ).toEqual([]);
    expect(
      paymentTypeProblems([{ ...TRANSFER, active: false, bankAlias: 'x', bankCbu: '123' }], {
        accountConnected: false,
      }).map((p) => p.path),
    ).toEqual(['paymentTypes.0.bankAlias', 'paymentTypes.0.bankCbu']);
  });

  it('takes an alias alone or a CBU alone', () => {
    expect(paymentTypeProblems([{ ...TRANSFER, bankCbu: '' }], { accountConnected: false })).toEqual([]);
    expect(paymentTypeProblems([{ ...TRANSFER, bankAlias: '' }], { accountConnected: false })).toEqual([]);
  });

  it('offers the online card and the payment link only with a payment account', () => {
    const message =
      'Para ofrecer tarjeta online o link de pago, primero conectá tu cuenta de pagos (Mercado Pago o Webpay).';
    expect(
      paymentTypeProblems(
        [
          { paymentMethod: 'CARD', online: true, showName: 'Tarjeta online', active: true },
          { paymentMethod: 'PAYMENT_LINK', online: false, showName: 'Link de pago', active: true },
          { paymentMethod: 'CARD', online: false, showName: 'Tarjeta en el local', active: true },
          { paymentMethod: 'PAYMENT_LINK', online: false, showName: 'Link de pago', active: false },
        ],
        { accountConnected: false },
      ),
    ).toEqual([
      { path: 'paymentTypes.0.active', message },
      { path: 'paymentTypes.1.active', message },
    ]);
  });

  it('needs a name of at most 40 characters', () => {
    expect(
      paymentTypeProblems(
        [
          { paymentMethod: 'CASH', online: false, showName: ' ', active: true },
          { paymentMethod: 'OTHER', online: false, showName: 'x'.repeat(41), active: false },
        ],
        { accountConnected: true },
      ),
    ).toEqual([
      {
        path: 'paymentTypes.0.showName',
        message: 'Ingresá el nombre con el que tus clientes ven este medio de pago.',
      },
      {
        path: 'paymentTypes.1.showName',
        message: 'El nombre del medio de pago puede tener hasta 40 caracteres.',
      },
    ]);
  });
});

describe('modes and their payment types', () => {
  it('asks every active mode for an active payment type', () => {
    expect(
      modePaymentProblems(
        [
          { showName: 'Delivery', active: true, paymentTypeIds: [1, 2] },
          { showName: 'Take Away', active: true, paymentTypeIds: [3] },
          { showName: 'Mesa', active: false, paymentTypeIds: [] },
        ],
        new Set([1, 2]),
      ),
    ).toEqual([
      { path: 'modes.1.paymentTypeIds', message: 'Take Away necesita al menos un medio de pago activo.' },
    ]);
  });

  it('keeps at least one mode on', () => {
    expect(
      modePaymentProblems([{ showName: 'Delivery', active: false, paymentTypeIds: [1] }], new Set([1])),
    ).toEqual([{ path: 'modes', message: 'Dejá al menos una forma de pedido activa.' }]);
  });
});

describe('service fee and surcharges', () => {
  it('takes a fixed fee of 0 or more and a percentage from 0 to 100', () => {
    expect(serviceFeeProblems({ userFee: 0, percentage: 0 })).toEqual([]);
    expect(serviceFeeProblems({ userFee: 300, percentage: 100 })).toEqual([]);
    expect(serviceFeeProblems({ userFee: -1, percentage: 100.5 })).toEqual([
      { path: 'serviceFee.userFee', message: 'La tasa de servicio fija tiene que ser un monto de 0 o más.' },
      { path: 'serviceFee.percentage', message: 'El porcentaje de la tasa de servicio va de 0 a 100 %.' },
    ]);
    expect(serviceFeeProblems({ userFee: Number.NaN, percentage: -0.1 })).toHaveLength(2);
  });

  it('needs a named surcharge with a percentage over 0 up to 100 or a fixed amount over 0', () => {
    expect(
      surchargeProblems([
        { name: 'Recargo nocturno', type: 'PERCENT', value: 10, active: true },
        { name: 'Packaging', type: 'FIXED', value: 250, active: false },
      ]),
    ).toEqual([]);
    expect(
      surchargeProblems([
        { name: '', type: 'PERCENT', value: 0, active: true },
        { name: 'x'.repeat(61), type: 'PERCENT', value: 101, active: true },
        { name: 'Packaging', type: 'FIXED', value: 0, active: true },
      ]),
    ).toEqual([
      {
        path: 'surcharges.0.name',
        message: 'Ingresá el nombre del recargo (tus clientes lo ven en el pedido).',
      },
      { path: 'surcharges.0.value', message: 'El porcentaje del recargo va de más de 0 a 100 %.' },
      { path: 'surcharges.1.name', message: 'El nombre del recargo puede tener hasta 60 caracteres.' },
      { path: 'surcharges.1.value', message: 'El porcentaje del recargo va de más de 0 a 100 %.' },
      { path: 'surcharges.2.value', message: 'El recargo fijo tiene que ser un monto mayor que 0.' },
    ]);
  });

  it('takes at most 10 surcharges a mode', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({
      name: `R${i}`,
      type: 'FIXED' as const,
      value: 1,
      active: true,
    }));
    expect(surchargeProblems(many)).toEqual([
      { path: 'surcharges', message: 'Cada forma de pedido puede tener hasta 10 recargos.' },
    ]);
  });

  it('turns percentages into the stored ratios and back without float noise', () => {
    expect(ratioOfPercent(2)).toBe(0.02);
    expect(ratioOfPercent(7)).toBe(0.07);
    expect(ratioOfPercent(12.5)).toBe(0.125);
    expect(percentOfRatio(0.07)).toBe(7);
    expect(percentOfRatio(0.02)).toBe(2);
    expect(percentOfRatio(0.125)).toBe(12.5);
  });
});

describe('how orders arrive', () => {
  const flow = { autoAccept: false, confirmOrderBeforePlacing: false, whatsAppOnly: true };

  it('asks a WhatsApp-only shop for a valid WhatsApp number of its country', () => {
    expect(ordersFlowProblems({ ...flow, whatsAppPhone: '11 3321-4567' }, 'ar')).toEqual([]);
    expect(ordersFlowProblems({ ...flow, whatsAppPhone: '+56 9 8765 4321' }, 'cl')).toEqual([]);
    expect(ordersFlowProblems({ ...flow, whatsAppPhone: '' }, 'ar')).toEqual([
      {
        path: 'whatsAppPhone',
        message: 'Para recibir los pedidos por WhatsApp, ingresá el número de WhatsApp del local.',
      },
    ]);
    expect(ordersFlowProblems({ ...flow, whatsAppPhone: '1234' }, 'ar')).toEqual([
      { path: 'whatsAppPhone', message: 'Ingresá un número de WhatsApp válido para el país del local.' },
    ]);
  });

  it('lets a console shop leave the number empty, but checks one given', () => {
    expect(ordersFlowProblems({ ...flow, whatsAppOnly: false, whatsAppPhone: '' }, 'ar')).toEqual([]);
    expect(ordersFlowProblems({ ...flow, whatsAppOnly: false, whatsAppPhone: '99' }, 'ar')).toHaveLength(1);
  });
});
