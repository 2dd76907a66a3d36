/**
 * The owner's changes to how a shop takes orders and money, one card of `/console/cobros` each: its
 * payment types, its order modes with the payment types each offers, a mode's service fee and surcharges,
 * and how orders arrive. Each runs core's rules (the editor runs the same), writes in one transaction
 * with its line in the back-office log, and answers the settings as they now are; the routes tell the
 * storefront after commit. What is written is what the storefront shows and `POST /api/order` charges:
 * payment_types, order_mode_payment_types, service_fees and general_surcharges in minor units and ratios.
 */
import { formatMoney, normalizePhone, toMinor } from '@comanda/core';
import {
  BACK_OFFICE_MESSAGES,
  cleanCbu,
  modePaymentProblems,
  ordersFlowProblems,
  type PaymentTypeSettings,
  paymentTypeProblems,
  percentOfRatio,
  ratioOfPercent,
  type SettingsProblem,
  serviceFeeProblems,
  surchargeProblems,
} from '@comanda/core/back-office';
import type {
  ModeFeesInput,
  OrdersFlowInput,
  ShopOrderModesInput,
  ShopPaymentTypesInput,
  ShopSettings,
} from '@comanda/core/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordChange } from '../back-office/changes.ts';
import { ownShop } from '../back-office/owner-shops.ts';
import {
  type ContactRow,
  connectedAccount,
  decimalsOf,
  isOnlineRow,
  loadShopSettings,
  paymentTypeRowsOf,
} from './load-settings.ts';

const PAYMENT_TYPE_NOT_FOUND = 'No encontramos este medio de pago en tu tienda.';
const MODE_NOT_FOUND = 'No encontramos este modo de pedido.';
const SURCHARGE_NOT_FOUND = 'No encontramos este recargo en esta forma de pedido.';

function refuse(problems: SettingsProblem[]): void {
  if (problems.length > 0) throw badRequest(problems[0]?.message as string, problems);
}

const trimmedOrNull = (value: string | null | undefined) => {
  const text = value?.trim() ?? '';
  return text ? text : null;
};

/** The shop's modes and the payment types each offers, after a change, to check with core's rule. */
async function checkModesHavePayments(tx: Tx, contactId: number): Promise<void> {
  const modes = await tx.select().from(t.orderModes).where(eq(t.orderModes.branchContactId, contactId));
  if (modes.length === 0) return;
  const types = await paymentTypeRowsOf(tx, contactId);
  const links = await tx
    .select()
    .from(t.orderModePaymentTypes)
    .where(
      inArray(
        t.orderModePaymentTypes.orderModeId,
        modes.map((mode) => mode.id),
      ),
    );
  const problems = modePaymentProblems(
    modes.map((mode) => ({
      showName: mode.showName,
      active: mode.active,
      paymentTypeIds: links.filter((link) => link.orderModeId === mode.id).map((link) => link.paymentTypeId),
    })),
    new Set(types.filter((type) => type.active).map((type) => type.id)),
  );
  // the owner reads it on the card being saved: the payment types that would leave a mode without any
  refuse(problems.map((problem) => ({ path: 'paymentTypes', message: problem.message })));
}

/**
 * The shop's payment types as the owner lists them: the ones with an id are updated (name, on or off,
 * the transfer's account), the ones without are created and offered in every mode of the shop; the
 * shop's types left out of the list stay as they are. A method is the row's own: a type never changes
 * from cash to transfer.
 */
export async function savePaymentTypes(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  input: ShopPaymentTypesInput,
  now: Date,
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const [rows, account] = await Promise.all([
      paymentTypeRowsOf(tx, contact.id),
      connectedAccount(tx, contact.branchId),
    ]);
    const listed = input.paymentTypes.map((item) => {
      const row = item.id === null ? null : rows.find((candidate) => candidate.id === item.id);
      if (row === undefined) throw notFound(PAYMENT_TYPE_NOT_FOUND);
      const paymentMethod = row ? row.paymentMethod : item.paymentMethod;
      const settings: PaymentTypeSettings = {
        paymentMethod,
        online: row ? isOnlineRow(row) : item.paymentMethod === 'PAYMENT_LINK' || item.online,
        showName: item.showName,
        active: item.active,
        bankAlias: item.bankAlias ?? null,
        bankCbu: item.bankCbu ?? null,
        bankHolder: item.bankHolder ?? null,
      };
      return { row, settings };
    });
    refuse(
      paymentTypeProblems(
        listed.map((item) => item.settings),
        { accountConnected: account !== null },
      ),
    );

    let position = rows.reduce((max, row) => Math.max(max, row.position), 0);
    const created: number[] = [];
    for (const { row, settings } of listed) {
      const transfer = settings.paymentMethod === 'TRANSFER';
      const values = {
        showName: settings.showName.trim(),
        active: settings.active,
        bankAlias: transfer ? trimmedOrNull(settings.bankAlias) : null,
        bankCbu: transfer && settings.bankCbu?.trim() ? cleanCbu(settings.bankCbu) : null,
        bankHolder: transfer ? trimmedOrNull(settings.bankHolder) : null,
      };
      if (row) {
        await tx.update(t.paymentTypes).set(values).where(eq(t.paymentTypes.id, row.id));
        continue;
      }
      position += 1;
      const [inserted] = await tx
        .insert(t.paymentTypes)
        .values({
          ...values,
          branchContactId: contact.id,
          paymentMethod: settings.paymentMethod,
          position,
          ...(settings.online
            ? { upload: 'API', onlinePaymentMethod: 'ENABLED', providerName: account?.provider ?? null }
            : {}),
        })
        .returning({ id: t.paymentTypes.id });
      if (inserted) created.push(inserted.id);
    }
    if (created.length > 0) {
      const modes = await tx
        .select({ id: t.orderModes.id })
        .from(t.orderModes)
        .where(eq(t.orderModes.branchContactId, contact.id));
      if (modes.length > 0)
        await tx
          .insert(t.orderModePaymentTypes)
          .values(
            modes.flatMap((mode) =>
              created.map((paymentTypeId) => ({ orderModeId: mode.id, paymentTypeId })),
            ),
          )
          .onConflictDoNothing();
    }
    await checkModesHavePayments(tx, contact.id);
    const on = listed.filter((item) => item.settings.active).map((item) => item.settings.showName.trim());
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'PAYMENTS',
      summary: `Medios de pago de ${contact.name}: ${on.join(', ') || 'ninguno activo'}`,
      at: now,
    });
    return loadShopSettings(tx, contact);
  });
}

/**
 * Which of the shop's order modes are on and which payment types each offers. Every active mode keeps
 * an active payment type; delivery needs its zone first (as on /console/tienda). Modes are created on
 * /console/tienda; here the shop's own ones are switched.
 */
export async function saveOrderModes(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  input: ShopOrderModesInput,
  now: Date,
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const [modes, types] = await Promise.all([
      tx.select().from(t.orderModes).where(eq(t.orderModes.branchContactId, contact.id)),
      paymentTypeRowsOf(tx, contact.id),
    ]);
    const listed = input.modes.map((item) => {
      const mode = modes.find((candidate) => candidate.id === item.id);
      if (!mode) throw notFound(MODE_NOT_FOUND);
      if (item.paymentTypeIds.some((id) => !types.some((type) => type.id === id)))
        throw notFound(PAYMENT_TYPE_NOT_FOUND);
      return { mode, item: { ...item, paymentTypeIds: [...new Set(item.paymentTypeIds)] } };
    });
    const activeTypes = new Set(types.filter((type) => type.active).map((type) => type.id));
    refuse(
      modePaymentProblems(
        listed.map(({ mode, item }) => ({ showName: mode.showName, ...item })),
        activeTypes,
      ),
    );
    const deliveryOn = listed.findIndex(({ mode, item }) => item.active && mode.type === 'DELIVERY');
    if (deliveryOn >= 0) {
      const [zone] = await tx
        .select({ id: t.deliveryZones.id })
        .from(t.deliveryZones)
        .where(eq(t.deliveryZones.branchContactId, contact.id))
        .limit(1);
      if (!zone)
        refuse([{ path: `modes.${deliveryOn}.active`, message: BACK_OFFICE_MESSAGES.deliveryNeedsZone }]);
    }
    for (const { mode, item } of listed) {
      await tx.update(t.orderModes).set({ active: item.active }).where(eq(t.orderModes.id, mode.id));
      await tx
        .delete(t.orderModePaymentTypes)
        .where(
          item.paymentTypeIds.length > 0
            ? and(
                eq(t.orderModePaymentTypes.orderModeId, mode.id),
                notInArray(t.orderModePaymentTypes.paymentTypeId, item.paymentTypeIds),
              )
            : eq(t.orderModePaymentTypes.orderModeId, mode.id),
        );
      if (item.paymentTypeIds.length > 0)
        await tx
          .insert(t.orderModePaymentTypes)
          .values(item.paymentTypeIds.map((paymentTypeId) => ({ orderModeId: mode.id, paymentTypeId })))
          .onConflictDoNothing();
    }
    await checkModesHavePayments(tx, contact.id);
    const on = listed.filter(({ item }) => item.active).map(({ mode }) => mode.showName);
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: `Formas de pedido y medios de pago de ${contact.name}: ${on.join(', ') || 'ninguna activa'}`,
      at: now,
    });
    return loadShopSettings(tx, contact);
  });
}

/**
 * A mode's service fee ('Tasa de Servicio': a fixed part plus a share of the total) and its general
 * surcharges, replacing the mode's (a surcharge left out is removed; the orders that carried it keep
 * their own copy). A fee of nothing leaves the mode without a fee row, as a mode that never had one.
 */
export async function saveModeFees(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  modeId: number,
  input: ModeFeesInput,
  now: Date,
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const [mode] = await tx
      .select()
      .from(t.orderModes)
      .where(and(eq(t.orderModes.id, modeId), eq(t.orderModes.branchContactId, contact.id)));
    if (!mode) throw notFound(MODE_NOT_FOUND);
    refuse([...serviceFeeProblems(input.serviceFee), ...surchargeProblems(input.surcharges)]);
    const existing = await tx
      .select({ id: t.generalSurcharges.id })
      .from(t.generalSurcharges)
      .where(eq(t.generalSurcharges.orderModeId, mode.id));
    if (input.surcharges.some((s) => s.id !== null && !existing.some((row) => row.id === s.id)))
      throw notFound(SURCHARGE_NOT_FOUND);

    const decimals = await decimalsOf(tx, contact.country);
    const userFee = toMinor(input.serviceFee.userFee, decimals);
    const percentageUserFee = ratioOfPercent(input.serviceFee.percentage);
    if (userFee === 0 && percentageUserFee === 0) {
      await tx.delete(t.serviceFees).where(eq(t.serviceFees.orderModeId, mode.id));
    } else {
      await tx
        .insert(t.serviceFees)
        .values({ orderModeId: mode.id, userFee, percentageUserFee })
        .onConflictDoUpdate({ target: t.serviceFees.orderModeId, set: { userFee, percentageUserFee } });
    }
    const kept = input.surcharges.flatMap((s) => (s.id === null ? [] : [s.id]));
    await tx
      .delete(t.generalSurcharges)
      .where(
        kept.length > 0
          ? and(eq(t.generalSurcharges.orderModeId, mode.id), notInArray(t.generalSurcharges.id, kept))
          : eq(t.generalSurcharges.orderModeId, mode.id),
      );
    for (const surcharge of input.surcharges) {
      const values = {
        name: surcharge.name.trim(),
        type: surcharge.type,
        value:
          surcharge.type === 'FIXED' ? toMinor(surcharge.value, decimals) : ratioOfPercent(surcharge.value),
        active: surcharge.active,
      };
      if (surcharge.id === null)
        await tx.insert(t.generalSurcharges).values({ ...values, orderModeId: mode.id });
      else await tx.update(t.generalSurcharges).set(values).where(eq(t.generalSurcharges.id, surcharge.id));
    }
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'PAYMENTS',
      summary: feesSummary(contact, mode.showName, { userFee, percentageUserFee }, decimals, input),
      at: now,
    });
    return loadShopSettings(tx, contact);
  });
}

/** 'Tasa de servicio de Delivery en Don Mateo Palermo: $300 + 2 %; 1 recargo activo'. */
function feesSummary(
  contact: ContactRow,
  modeName: string,
  fee: { userFee: number; percentageUserFee: number },
  decimals: number,
  input: ModeFeesInput,
): string {
  const money = formatMoney(fee.userFee, { code: contact.currency, symbol: '$', decimals });
  const percent = `${percentOfRatio(fee.percentageUserFee).toLocaleString('es-AR')} %`;
  const parts = [fee.userFee > 0 ? money : null, fee.percentageUserFee > 0 ? percent : null].filter(Boolean);
  const active = input.surcharges.filter((s) => s.active).length;
  const surcharges =
    active === 0 ? 'sin recargos' : active === 1 ? '1 recargo activo' : `${active} recargos activos`;
  return `Tasa de servicio de ${modeName} en ${contact.name}: ${parts.join(' + ') || 'sin tasa'}; ${surcharges}`;
}

/**
 * How the shop's orders arrive: accepted by themselves or by the staff, a confirmation modal before
 * placing, and the order console or a WhatsApp text to the shop's number (which a WhatsApp-only shop
 * needs, read in the shop's country and kept as E.164).
 */
export async function saveOrdersFlow(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  input: OrdersFlowInput,
  now: Date,
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    refuse(ordersFlowProblems(input, contact.country));
    const typed = input.whatsAppPhone.trim();
    const whatsAppPhone = typed ? normalizePhone(typed, contact.country) : null;
    const [updated] = await tx
      .update(t.branchContacts)
      .set({
        autoAccept: input.autoAccept,
        confirmOrderBeforePlacing: input.confirmOrderBeforePlacing,
        ordersConsoleActive: !input.whatsAppOnly,
        whatsAppPhone,
      })
      .where(eq(t.branchContacts.id, contact.id))
      .returning();
    const parts = [
      input.whatsAppOnly ? `pedidos por WhatsApp al ${whatsAppPhone}` : 'pedidos a la consola',
      input.autoAccept ? 'se aceptan solos' : 'los acepta el local',
      input.confirmOrderBeforePlacing
        ? 'con confirmación antes de enviar'
        : 'sin confirmación antes de enviar',
    ];
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: `Recepción de pedidos de ${contact.name}: ${parts.join(', ')}`,
      at: now,
    });
    return loadShopSettings(tx, updated ?? contact);
  });
}
