/**
 * The `/console/cobros` editors' drafts and their problems: what the owner types, checked with core's
 * rules on every keystroke (the server runs the same on save), and the bodies the PUTs take.
 */
import {
  modePaymentProblems,
  paymentTypeProblems,
  type SettingsProblem,
  serviceFeeProblems,
  surchargeProblems,
} from '@comanda/core/back-office';
import type {
  ModeFeesInput,
  SettingsPaymentMethodName,
  ShopModeSettings,
  ShopPaymentTypeInput,
  ShopSettings,
} from '@comanda/core/contract';

/** A payment type as edited: the row's fields as text, and a key for new ones. */
export interface PaymentTypeDraft {
  key: string;
  id: number | null;
  paymentMethod: SettingsPaymentMethodName;
  online: boolean;
  showName: string;
  active: boolean;
  bankAlias: string;
  bankCbu: string;
  bankHolder: string;
}

export function paymentTypeDrafts(settings: ShopSettings): PaymentTypeDraft[] {
  return settings.paymentTypes.map((type) => ({
    key: `type-${type.id}`,
    id: type.id,
    paymentMethod: type.paymentMethod,
    online: type.online,
    showName: type.showName,
    active: type.active,
    bankAlias: type.bankAlias ?? '',
    bankCbu: type.bankCbu ?? '',
    bankHolder: type.bankHolder ?? '',
  }));
}

/** The kinds a shop may add when it has none of them yet (the online ones with an account). */
export const NEW_PAYMENT_KINDS: {
  paymentMethod: SettingsPaymentMethodName;
  online: boolean;
  showName: string;
  label: string;
}[] = [
  { paymentMethod: 'CASH', online: false, showName: 'Efectivo', label: 'Agregar efectivo' },
  { paymentMethod: 'TRANSFER', online: false, showName: 'Transferencia', label: 'Agregar transferencia' },
  { paymentMethod: 'CARD', online: true, showName: 'Tarjeta online', label: 'Agregar tarjeta online' },
  { paymentMethod: 'PAYMENT_LINK', online: true, showName: 'Link de pago', label: 'Agregar link de pago' },
];

export function missingKinds(drafts: readonly PaymentTypeDraft[]) {
  return NEW_PAYMENT_KINDS.filter(
    (kind) =>
      !drafts.some((draft) => draft.paymentMethod === kind.paymentMethod && draft.online === kind.online),
  );
}

export function paymentTypesBody(drafts: readonly PaymentTypeDraft[]): {
  paymentTypes: ShopPaymentTypeInput[];
} {
  return {
    paymentTypes: drafts.map((draft) => ({
      id: draft.id,
      paymentMethod: draft.paymentMethod,
      online: draft.online,
      showName: draft.showName,
      active: draft.active,
      bankAlias: draft.paymentMethod === 'TRANSFER' ? draft.bankAlias : null,
      bankCbu: draft.paymentMethod === 'TRANSFER' ? draft.bankCbu : null,
      bankHolder: draft.paymentMethod === 'TRANSFER' ? draft.bankHolder : null,
    })),
  };
}

/** Core's problems of the payment types, by path ('paymentTypes.1.bankCbu'). */
export function paymentTypeDraftProblems(
  drafts: readonly PaymentTypeDraft[],
  accountConnected: boolean,
): Record<string, string> {
  return byPath(paymentTypeProblems(drafts, { accountConnected }));
}

export interface ModeDraft {
  id: number;
  showName: string;
  active: boolean;
  paymentTypeIds: number[];
}

export const modeDrafts = (settings: ShopSettings): ModeDraft[] =>
  settings.modes.map(({ id, showName, active, paymentTypeIds }) => ({
    id,
    showName,
    active,
    paymentTypeIds,
  }));

export function modeDraftProblems(
  drafts: readonly ModeDraft[],
  settings: ShopSettings,
): Record<string, string> {
  const active = new Set(settings.paymentTypes.filter((type) => type.active).map((type) => type.id));
  return byPath(modePaymentProblems(drafts, active));
}

/** A mode's fee and surcharges as typed: numbers stay text until saved ('2,5' is 2.5). */
export interface FeesDraft {
  userFee: string;
  percentage: string;
  surcharges: {
    key: string;
    id: number | null;
    name: string;
    type: 'PERCENT' | 'FIXED';
    value: string;
    active: boolean;
  }[];
}

const numberText = (value: number) => (value === 0 ? '0' : String(value).replace('.', ','));

export function feesDraftOf(mode: ShopModeSettings): FeesDraft {
  return {
    userFee: numberText(mode.serviceFee.userFee),
    percentage: numberText(mode.serviceFee.percentage),
    surcharges: mode.surcharges.map((surcharge) => ({
      key: `surcharge-${surcharge.id}`,
      id: surcharge.id,
      name: surcharge.name,
      type: surcharge.type,
      value: numberText(surcharge.value),
      active: surcharge.active,
    })),
  };
}

/** '1.500,50', '1500.5' and '1500' as numbers; anything else (or nothing) is not a number. */
export function parseAmount(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return Number.NaN;
  const normalized = /,/.test(trimmed) ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

export function feesBody(draft: FeesDraft): ModeFeesInput {
  return {
    serviceFee: { userFee: parseAmount(draft.userFee), percentage: parseAmount(draft.percentage) },
    surcharges: draft.surcharges.map(({ id, name, type, value, active }) => ({
      id,
      name,
      type,
      value: parseAmount(value),
      active,
    })),
  };
}

export function feesDraftProblems(draft: FeesDraft): Record<string, string> {
  const body = feesBody(draft);
  return byPath([...serviceFeeProblems(body.serviceFee), ...surchargeProblems(body.surcharges)]);
}

/** JSON has no NaN: an amount that is not a number goes up as null, which the server refuses in Spanish. */
export function jsonSafeFees(body: ModeFeesInput): ModeFeesInput {
  const safe = (value: number) => (Number.isFinite(value) ? value : (null as unknown as number));
  return {
    serviceFee: { userFee: safe(body.serviceFee.userFee), percentage: safe(body.serviceFee.percentage) },
    surcharges: body.surcharges.map((surcharge) => ({ ...surcharge, value: safe(surcharge.value) })),
  };
}

/** Problems by their path, the first one of each path. */
export function byPath(
  problems: readonly SettingsProblem[] | readonly unknown[] | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of problems ?? []) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in result)) result[path] = message;
  }
  return result;
}
