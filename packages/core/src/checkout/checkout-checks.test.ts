import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { formatMoney } from '../money.ts';
import {
  type CheckoutCheckInput,
  checkoutErrors,
  checkoutProblems,
  cleanDocument,
  type DeliveryCheckInput,
} from './checkout-checks.ts';

// the spec shows the minimum order without decimals
const format = (minor: number) =>
  formatMoney(minor, { code: 'ARS', symbol: '$', decimals: 2 }, { withDecimals: false });

const delivery: DeliveryCheckInput = {
  hasAddress: true,
  isBetweenStreetsRequired: true,
  betweenStreets: 'Coronel Díaz y Vidt',
  isInArea: true,
  acceptsCash: true,
  hasRiders: true,
  minimumOrder: 800_000,
  itemsPrice: 2_010_000,
  format,
};

/** Lucía's delivery from Don Mateo Palermo, paid by card, for now: every check passes. */
const valid: CheckoutCheckInput = {
  phone: '+54 9 11 5555-0101',
  isPhoneValid: true,
  customerName: 'Lucía Fernández',
  isTableMode: false,
  tableUid: '',
  isEmailMandatory: false,
  email: '',
  document: '',
  isCash: false,
  paysWith: null,
  total: 1_756_200,
  delivery,
  schedule: { scheduled: false, canOrderNow: true, isSlotAvailable: false },
};

type Overrides = Partial<Omit<CheckoutCheckInput, 'delivery' | 'schedule'>> & {
  delivery?: Partial<DeliveryCheckInput> | null;
  schedule?: Partial<CheckoutCheckInput['schedule']>;
};

function errorsOf(overrides: Overrides): string[] {
  const { delivery: d, schedule, ...rest } = overrides;
  return checkoutErrors({
    ...valid,
    ...rest,
    delivery: d === null ? null : { ...delivery, ...d },
    schedule: { ...valid.schedule, ...schedule },
  });
}

/** An address of exactly `length` characters at the shop's domain. */
const emailOfLength = (length: number) => {
  const domain = '@donmateo.com.ar';
  return `${'a'.repeat(length - domain.length)}${domain}`;
};

describe('checkout checks', () => {
  it('lets a complete delivery order through', () => {
    expect(checkoutErrors(valid)).toEqual([]);
  });

  it.each<[string, Overrides, string]>([
    [
      'asks for the phone when it is empty',
      { phone: '' },
      'Debe ingresar su número de teléfono para continuar.',
    ],
    [
      'asks for the phone when it is blank',
      { phone: '   ', isPhoneValid: false },
      'Debe ingresar su número de teléfono para continuar.',
    ],
    [
      'asks for the name when it is empty',
      { customerName: '' },
      'Debe ingresar su nombre para poder realizar el pedido.',
    ],
    [
      'asks for the name when it is blank',
      { customerName: '  ' },
      'Debe ingresar su nombre para poder realizar el pedido.',
    ],
    [
      'refuses a phone that is not valid',
      { phone: '11 5555', isPhoneValid: false },
      'Debe ingresar un número de teléfono válido para continuar.',
    ],
    [
      'asks for the table at a dine-in table',
      { isTableMode: true, tableUid: '', delivery: null },
      'Debe ingresar número de mesa para poder realizar el pedido.',
    ],
    [
      'asks for the table when it is blank',
      { isTableMode: true, tableUid: ' ', delivery: null },
      'Debe ingresar número de mesa para poder realizar el pedido.',
    ],
    [
      'asks for the email when the contact demands it',
      { isEmailMandatory: true, email: ' ' },
      'Debe ingresar su email para poder realizar el pedido',
    ],
    ['refuses a malformed email of 100 characters', { email: 'a'.repeat(100) }, 'Ingrese un email valido'],
    [
      'refuses a malformed email of 150 characters',
      { email: `${'a'.repeat(140)}@donmateo` },
      'Ingrese un email valido',
    ],
    ['refuses a document of 6 digits', { document: '123456' }, 'Ingrese un documento valido'],
    ['refuses a document of 12 digits', { document: '123456789012' }, 'Ingrese un documento valido'],
    [
      'refuses a document that is 6 digits once the dots are stripped',
      { document: '1.234.56' },
      'Ingrese un documento valido',
    ],
    [
      'asks how much the diner pays with in cash',
      { isCash: true, paysWith: null },
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
    ],
    [
      'refuses a cash amount a cent below the price',
      { isCash: true, paysWith: 1_756_199 },
      'El monto con el cual abonará no puede ser menor al precio del pedido.',
    ],
    [
      'refuses a cash amount of zero',
      { isCash: true, paysWith: 0 },
      'El monto con el cual abonará no puede ser menor al precio del pedido.',
    ],
    [
      'asks for the address of a delivery',
      { delivery: { hasAddress: false } },
      'Debe ingresar dirección para poder realizar el pedido.',
    ],
    [
      'asks for the between streets when the contact demands them',
      { delivery: { betweenStreets: '' } },
      'Debe ingresar entrecalles para poder realizar el pedido.',
    ],
    [
      'asks for the between streets when they are blank',
      { delivery: { betweenStreets: '   ' } },
      'Debe ingresar entrecalles para poder realizar el pedido.',
    ],
    [
      'refuses an address outside every zone',
      { delivery: { isInArea: false } },
      'Tu dirección no se encuentra dentro de la zona de entrega.',
    ],
    [
      'refuses products a cent below the $8.000 minimum',
      { delivery: { itemsPrice: 799_999 } },
      'El precio del pedido debe ser mayor a $8.000',
    ],
    [
      'refuses an order for now when the shop relies on its own riders and none is on shift (issue 28)',
      { delivery: { hasRiders: false } },
      'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
    ],
    [
      'refuses cash where no rider takes cash',
      { isCash: true, paysWith: 2_000_000, delivery: { acceptsCash: false } },
      'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
    ],
    [
      'asks for a time when the shop cannot take the order now',
      { schedule: { scheduled: false, canOrderNow: false } },
      'Seleccione un horario de programación del pedido',
    ],
    [
      'asks for a time when the scheduled one is not offered',
      { schedule: { scheduled: true, isSlotAvailable: false } },
      'Seleccione un horario de programación del pedido',
    ],
  ])('%s', (_label, overrides, message) => {
    expect(errorsOf(overrides)).toEqual([message]);
  });

  it.each<[string, Overrides]>([
    ['a table number at a dine-in table', { isTableMode: true, tableUid: '12', delivery: null }],
    ['no email when it is optional', { email: '' }],
    ['a well-formed email of 100 characters', { email: emailOfLength(100) }],
    ['a well-formed email of 160 characters', { email: emailOfLength(160) }],
    ['a mandatory email that is given', { isEmailMandatory: true, email: 'lucia@example.com' }],
    ['no document', { document: '' }],
    ['a document of 7 digits', { document: '1234567' }],
    ['a DNI written with dots', { document: '12.345.678' }],
    ['a CUIT of 11 digits written with dashes', { document: '20-12345678-3' }],
    ['a cash amount equal to the price', { isCash: true, paysWith: 1_756_200 }],
    ['a cash amount above the price', { isCash: true, paysWith: 2_000_000 }],
    ['a card payment where no rider takes cash', { delivery: { acceptsCash: false } }],
    [
      'no between streets when the contact does not demand them',
      { delivery: { isBetweenStreetsRequired: false, betweenStreets: '' } },
    ],
    ['products exactly at the minimum', { delivery: { itemsPrice: 800_000 } }],
    ['a zone without a minimum', { delivery: { minimumOrder: 0, itemsPrice: 100 } }],
    ['no address when the order is not a delivery', { delivery: null }],
    [
      'an offered scheduled time while the shop is closed',
      { schedule: { scheduled: true, canOrderNow: false, isSlotAvailable: true } },
    ],
  ])('accepts %s', (_label, overrides) => {
    expect(errorsOf(overrides)).toEqual([]);
  });

  it('reads its texts from the message catalogue', () => {
    expect(errorsOf({ phone: '' })).toEqual([MESSAGES.phoneRequired]);
    expect(errorsOf({ delivery: { itemsPrice: 0 } })).toEqual([MESSAGES.minimumOrder('$8.000')]);
  });

  it('lists every failing check in the order of the spec', () => {
    expect(
      errorsOf({
        phone: '',
        isPhoneValid: false,
        customerName: '',
        isTableMode: true,
        tableUid: '',
        isEmailMandatory: true,
        email: '',
        document: '123',
        isCash: true,
        paysWith: null,
        delivery: { hasAddress: false },
        schedule: { scheduled: false, canOrderNow: false },
      }),
    ).toEqual([
      'Debe ingresar su número de teléfono para continuar.',
      'Debe ingresar su nombre para poder realizar el pedido.',
      'Debe ingresar número de mesa para poder realizar el pedido.',
      'Debe ingresar su email para poder realizar el pedido',
      'Ingrese un documento valido',
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
      'Debe ingresar dirección para poder realizar el pedido.',
      'Seleccione un horario de programación del pedido',
    ]);
  });

  it('checks the address details only once there is an address', () => {
    expect(
      errorsOf({ delivery: { hasAddress: false, betweenStreets: '', isInArea: false, itemsPrice: 0 } }),
    ).toEqual(['Debe ingresar dirección para poder realizar el pedido.']);
  });

  it('checks the minimum and cash riders only inside the area, after the between streets', () => {
    const inside = { betweenStreets: '', itemsPrice: 500_000, acceptsCash: false };
    expect(errorsOf({ isCash: true, paysWith: 2_000_000, delivery: inside })).toEqual([
      'Debe ingresar entrecalles para poder realizar el pedido.',
      'El precio del pedido debe ser mayor a $8.000',
      'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
    ]);
    expect(errorsOf({ isCash: true, paysWith: 2_000_000, delivery: { ...inside, isInArea: false } })).toEqual(
      [
        'Debe ingresar entrecalles para poder realizar el pedido.',
        'Tu dirección no se encuentra dentro de la zona de entrega.',
      ],
    );
  });

  it('says a failed fee lookup failed, instead of calling the address outside the area (issue 28)', () => {
    expect(errorsOf({ delivery: { lookupFailed: true, isInArea: false } })).toEqual([
      'No pudimos calcular el costo de envío. Probá de nuevo en unos momentos.',
    ]);
  });

  it('says there are no riders once, instead of the cash riders, and only inside the area', () => {
    const noRiders = { hasRiders: false, acceptsCash: false };
    expect(errorsOf({ isCash: true, paysWith: 2_000_000, delivery: noRiders })).toEqual([
      'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
    ]);
    expect(errorsOf({ delivery: { ...noRiders, isInArea: false } })).toEqual([
      'Tu dirección no se encuentra dentro de la zona de entrega.',
    ]);
  });

  it('does not ask how much a card payment pays with', () => {
    expect(errorsOf({ isCash: false, paysWith: null })).toEqual([]);
    expect(errorsOf({ isCash: false, paysWith: 0 })).toEqual([]);
  });

  it('checks the email format at any length (issue 24: the spec checked only from 100 on)', () => {
    for (const email of ['ana@', 'ana', 'ana@gmail', '@gmail.com', 'ana gomez@gmail.com', 'b'.repeat(100)])
      expect(errorsOf({ email }), email).toEqual(['Ingrese un email valido']);
    expect(errorsOf({ email: 'ana@gmail.com' })).toEqual([]);
    expect(errorsOf({ email: emailOfLength(100) })).toEqual([]);
    expect(errorsOf({ email: '' })).toEqual([]);
  });
});

describe('checkout problems', () => {
  it('tells each failing check’s field beside its exact message, in the order of the spec', () => {
    const problems = checkoutProblems({
      ...valid,
      phone: '',
      isPhoneValid: false,
      customerName: '',
      isTableMode: true,
      isEmailMandatory: true,
      document: '123',
      isCash: true,
      delivery: { ...delivery, hasAddress: false },
      schedule: { scheduled: true, canOrderNow: true, isSlotAvailable: false },
    });
    expect(problems).toEqual([
      { field: 'phone', message: MESSAGES.phoneRequired },
      { field: 'name', message: MESSAGES.nameRequired },
      { field: 'table', message: MESSAGES.tableRequired },
      { field: 'email', message: MESSAGES.emailRequired },
      { field: 'document', message: MESSAGES.documentInvalid },
      { field: 'paysWith', message: MESSAGES.paysWithRequired },
      { field: 'address', message: MESSAGES.addressRequired },
      { field: 'schedule', message: MESSAGES.scheduleRequired },
    ]);
  });

  it.each<[string, Overrides, string]>([
    ['an invalid phone', { phone: '11 5555', isPhoneValid: false }, 'phone'],
    ['a malformed long email', { email: 'a'.repeat(100) }, 'email'],
    ['a cash amount below the price', { isCash: true, paysWith: 1 }, 'paysWith'],
    ['missing between streets', { delivery: { betweenStreets: '' } }, 'address'],
    ['an address outside every zone', { delivery: { isInArea: false } }, 'address'],
    ['products below the zone’s minimum', { delivery: { itemsPrice: 1 } }, 'address'],
    [
      'cash where no rider takes it',
      { isCash: true, paysWith: 2_000_000, delivery: { acceptsCash: false } },
      'payment',
    ],
  ])('puts %s on its field', (_label, overrides, field) => {
    const { delivery: d, schedule, ...rest } = overrides;
    const problems = checkoutProblems({
      ...valid,
      ...rest,
      delivery: d === null ? null : { ...delivery, ...d },
      schedule: { ...valid.schedule, ...schedule },
    });
    expect(problems.map((p) => p.field)).toEqual([field]);
    expect(problems.map((p) => p.message)).toEqual(errorsOf(overrides));
  });
});

describe('document cleaning', () => {
  it.each([
    ['12.345.678', '12345678'],
    ['20-12345678-3', '20123456783'],
    ['+5412,345', '5412345'],
    ['  12345678 ', '12345678'],
    ['...', ''],
  ])('turns %j into %j', (raw, cleaned) => {
    expect(cleanDocument(raw)).toBe(cleaned);
  });

  it.each([
    ['1.234.56', 6, false],
    ['1.234.567', 7, true],
    ['12.345.678.901', 11, true],
    ['123.456.789.012', 12, false],
  ])('judges %j (%d digits once cleaned) valid: %s', (document, _digits, isValid) => {
    expect(errorsOf({ document })).toEqual(isValid ? [] : ['Ingrese un documento valido']);
  });
});
