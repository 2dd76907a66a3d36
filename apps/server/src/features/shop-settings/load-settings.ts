/**
 * A shop's settings of how it takes orders and money, as `/console/cobros` shows them: its payment
 * types (with the transfer's account), its order modes with the payment types each offers, each mode's
 * service fee and surcharges, and how orders arrive (auto-accept, confirmation modal, WhatsApp only).
 * Amounts in currency units and percentages as the owner types them; the rows keep minor units and
 * ratios, which is what the storefront and `POST /api/order` read.
 */

import { fromMinor } from '@comanda/core';
import {
  PAYMENT_ACCOUNT_NAMES,
  type PaymentAccountProvider,
  percentOfRatio,
} from '@comanda/core/back-office';
import type {
  SettingsPaymentMethodName,
  ShopPaymentTypeSettings,
  ShopSettings,
} from '@comanda/core/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type ContactRow = typeof t.branchContacts.$inferSelect;
export type PaymentTypeRow = typeof t.paymentTypes.$inferSelect;

/** A CARD taken through the shop's account, or a payment link: both need a connected account. */
export const isOnlineRow = (row: Pick<PaymentTypeRow, 'paymentMethod' | 'onlinePaymentMethod'>) =>
  row.paymentMethod === 'PAYMENT_LINK' ||
  (row.paymentMethod === 'CARD' && row.onlinePaymentMethod === 'ENABLED');

export function paymentTypeOf(row: PaymentTypeRow): ShopPaymentTypeSettings {
  return {
    id: row.id,
    paymentMethod: row.paymentMethod as SettingsPaymentMethodName,
    online: isOnlineRow(row),
    showName: row.showName,
    active: row.active,
    bankAlias: row.bankAlias,
    bankCbu: row.bankCbu,
    bankHolder: row.bankHolder,
  };
}

export async function decimalsOf(db: Db | Tx, country: string): Promise<number> {
  const [row] = await db
    .select({ decimals: t.countries.currencyDecimals })
    .from(t.countries)
    .where(eq(t.countries.code, country));
  return row?.decimals ?? 2;
}

/** The branch's connected payment account, if any (a retired one takes no new payment). */
export async function connectedAccount(
  db: Db | Tx,
  branchId: number,
): Promise<{ provider: PaymentAccountProvider } | null> {
  const [row] = await db
    .select({ provider: t.paymentAccounts.provider })
    .from(t.paymentAccounts)
    .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)));
  return row ? { provider: row.provider as PaymentAccountProvider } : null;
}

export async function paymentTypeRowsOf(db: Db | Tx, contactId: number): Promise<PaymentTypeRow[]> {
  return db
    .select()
    .from(t.paymentTypes)
    .where(eq(t.paymentTypes.branchContactId, contactId))
    .orderBy(asc(t.paymentTypes.position), asc(t.paymentTypes.id));
}

export async function loadShopSettings(db: Db | Tx, contact: ContactRow): Promise<ShopSettings> {
  const [decimals, account, types, modes] = await Promise.all([
    decimalsOf(db, contact.country),
    connectedAccount(db, contact.branchId),
    paymentTypeRowsOf(db, contact.id),
    db
      .select()
      .from(t.orderModes)
      .where(eq(t.orderModes.branchContactId, contact.id))
      .orderBy(asc(t.orderModes.position), asc(t.orderModes.id)),
  ]);
  const modeIds = modes.map((mode) => mode.id);
  const [links, fees, surcharges] = modeIds.length
    ? await Promise.all([
        db
          .select()
          .from(t.orderModePaymentTypes)
          .where(inArray(t.orderModePaymentTypes.orderModeId, modeIds)),
        db.select().from(t.serviceFees).where(inArray(t.serviceFees.orderModeId, modeIds)),
        db
          .select()
          .from(t.generalSurcharges)
          .where(inArray(t.generalSurcharges.orderModeId, modeIds))
          .orderBy(asc(t.generalSurcharges.id)),
      ])
    : [[], [], []];
  const position = new Map(types.map((type, index) => [type.id, index]));
  return {
    shopId: contact.id,
    name: contact.name,
    country: contact.country,
    currency: contact.currency,
    decimals,
    account: {
      connected: account !== null,
      name: account ? PAYMENT_ACCOUNT_NAMES[account.provider] : null,
    },
    paymentTypes: types.map(paymentTypeOf),
    modes: modes.map((mode) => {
      const fee = fees.find((row) => row.orderModeId === mode.id);
      return {
        id: mode.id,
        type: mode.type,
        showName: mode.showName,
        active: mode.active,
        paymentTypeIds: links
          .filter((link) => link.orderModeId === mode.id)
          .map((link) => link.paymentTypeId)
          .sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
        serviceFee: {
          userFee: fee ? fromMinor(fee.userFee, decimals) : 0,
          percentage: fee ? percentOfRatio(fee.percentageUserFee) : 0,
        },
        surcharges: surcharges
          .filter((row) => row.orderModeId === mode.id)
          .map((row) => {
            const type = row.type === 'FIXED' ? ('FIXED' as const) : ('PERCENT' as const);
            return {
              id: row.id,
              name: row.name,
              type,
              value: type === 'FIXED' ? fromMinor(row.value, decimals) : percentOfRatio(row.value),
              active: row.active,
            };
          }),
      };
    }),
    ordersFlow: {
      autoAccept: contact.autoAccept,
      confirmOrderBeforePlacing: contact.confirmOrderBeforePlacing,
      whatsAppOnly: !contact.ordersConsoleActive,
      whatsAppPhone: contact.whatsAppPhone ?? '',
    },
  };
}
