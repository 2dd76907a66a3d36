import {
  type CurrencyInfo,
  formatMoney,
  historyActorName,
  localDateTime,
  MESSAGES,
  toMinor,
} from '@comanda/core';
import type {
  ConsoleOrder,
  ConsoleOrderHistory,
  ConsoleOrderItem,
  ConsoleShipment,
} from '@comanda/core/contract';

/** The card's and the tickets' texts, pure so they are tested word for word. */

export function money(amount: number, currency: CurrencyInfo): string {
  return formatMoney(toMinor(amount, currency.decimals), currency);
}

/** 'hace un momento', 'hace 5 min', 'hace 1 h 20 min', from the server's clock. */
export function ageText(sinceIso: string, nowMs: number): string {
  const minutes = Math.floor((nowMs - Date.parse(sinceIso)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `hace ${hours} h` : `hace ${hours} h ${rest} min`;
}

/** Minutes since an instant, for the card's colour once it waits too long. */
export function minutesSince(sinceIso: string, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 60_000));
}

/** 'HH:mm' in the contact's time zone; '' when unknown. */
export function clockTime(iso: string | null, timeZone: string): string {
  return localDateTime(iso, timeZone).slice(-5);
}

function localDay(iso: string, timeZone: string): string {
  return localDateTime(iso, timeZone).slice(0, 10);
}

/** 'Programado para las 21:30', or 'Programado para el 19/11 a las 21:30' on another day. */
export function scheduledText(order: ConsoleOrder, nowMs: number, timeZone: string): string | null {
  if (!order.scheduled || !order.scheduledAt) return null;
  const time = clockTime(order.scheduledAt, timeZone);
  const day = localDay(order.scheduledAt, timeZone);
  if (day === localDay(new Date(nowMs).toISOString(), timeZone)) return `Programado para las ${time}`;
  return `Programado para el ${day.slice(0, 5)} a las ${time}`;
}

/** '2 × Pizza muzzarella (Grande)'. */
export function itemTitle(item: ConsoleOrderItem): string {
  const size = item.sizeName ? ` (${item.sizeName})` : '';
  return `${item.quantity} × ${item.name}${size}`;
}

/** One line per garnish group: 'Salsas: Ketchup, Mayonesa x2' (a single unit goes without 'x1'). */
export function extraLines(item: ConsoleOrderItem): string[] {
  return item.extras
    .filter((group) => group.groupItems.length > 0)
    .map(
      (group) =>
        `${group.groupName}: ${group.groupItems
          .map((extra) => (extra.quantity > 1 ? `${extra.name} x${extra.quantity}` : extra.name))
          .join(', ')}`,
    );
}

/** The delivery address as the rider reads it: street and number, details, between streets. */
export function addressLines(destination: ConsoleOrder['destination']): string[] {
  if (!destination) return [];
  const street = [destination.street, destination.number].filter(Boolean).join(' ');
  const lines = [street];
  if (destination.details) lines.push(destination.details);
  if (destination.betweenStreets) lines.push(`Entre ${destination.betweenStreets}`);
  if (destination.city) lines.push(destination.city);
  return lines.filter((line) => line.trim() !== '');
}

/** Where the order goes: 'Mesa 12', the address, or nothing for a pick-up. */
export function placeText(order: ConsoleOrder): string | null {
  if (order.tableUid) return `Mesa ${order.tableUid}`;
  const lines = addressLines(order.destination);
  return lines.length ? lines.join(' · ') : null;
}

/** A partly refunded payment still paid the order: its rest is not to be collected again. */
export function paidText(order: Pick<ConsoleOrder, 'paid' | 'payment'>): string {
  return order.paid || order.payment?.status === 'PARTIALLY_REFUNDED' ? 'Pagado' : 'A cobrar';
}

export interface PaymentState {
  text: string;
  /** the pill's colour: paid, still to collect, money going or gone back, a bank's chargeback */
  tone: 'yes' | 'no' | 'refund' | 'alert';
}

/**
 * The card's payment pill. An online payment says what it did: 'Pagado $24.000 con tarjeta',
 * 'Reembolso en curso', 'Reembolsado $24.000' or 'Contracargo'; other orders 'Pagado' or 'A cobrar'.
 */
export function paymentState(
  order: Pick<ConsoleOrder, 'paid' | 'payment' | 'paymentMethod'>,
  currency: CurrencyInfo,
): PaymentState {
  const { payment } = order;
  if (!payment) return { text: paidText(order), tone: order.paid ? 'yes' : 'no' };
  if (payment.status === 'CHARGED_BACK') return { text: 'Contracargo', tone: 'alert' };
  if (payment.refundPending) return { text: 'Reembolso en curso', tone: 'refund' };
  if (payment.refundedAmount > 0)
    return { text: `Reembolsado ${money(payment.refundedAmount, currency)}`, tone: 'refund' };
  const how = order.paymentMethod === 'CARD' ? 'con tarjeta' : 'en línea';
  return { text: `Pagado ${money(payment.amount, currency)} ${how}`, tone: 'yes' };
}

/** 'No se pudo entregar: El cliente no estaba' while the rider brings the order back (or brought it). */
export function returnText(
  shipment: Pick<ConsoleShipment, 'returnShipment' | 'returnReason'> | null,
): string | null {
  if (!shipment?.returnShipment) return null;
  return shipment.returnReason ? `No se pudo entregar: ${shipment.returnReason}` : 'No se pudo entregar';
}

export function paymentName(order: ConsoleOrder): string {
  return order.paymentTypeName ?? order.paymentMethod;
}

/** 'Llevar cambio de $4.500' for a cash customer paying with a larger note; null otherwise. */
export function changeText(order: ConsoleOrder, currency: CurrencyInfo): string | null {
  if (order.change === null || order.change <= 0) return null;
  return `Llevar cambio de ${money(order.change, currency)}`;
}

/** 'Paga con $20.000'. */
export function paysWithText(order: ConsoleOrder, currency: CurrencyInfo): string | null {
  if (order.paysWith === null || order.paysWith <= 0) return null;
  return `Paga con ${money(order.paysWith, currency)}`;
}

/** 'Preparación: 20 min · listo 18:35' once accepted. */
export function preparationText(order: ConsoleOrder, timeZone: string): string | null {
  if (order.preparationMinutes === null) return null;
  const base = `Preparación: ${order.preparationMinutes} min`;
  if (!order.acceptedAt) return base;
  const due = new Date(Date.parse(order.acceptedAt) + order.preparationMinutes * 60_000).toISOString();
  return `${base} · listo ${clockTime(due, timeZone)}`;
}

export function cancelReasonText(order: ConsoleOrder): string | null {
  return order.status === 'CANCELED' && order.cancelReason ? `Motivo: ${order.cancelReason}` : null;
}

export interface AmountLine {
  label: string;
  amount: string;
  total?: boolean;
}

/** The money lines of a card or a ticket; zero fees and discounts are left out. */
export function amountLines(order: ConsoleOrder, currency: CurrencyInfo): AmountLine[] {
  const lines: AmountLine[] = [{ label: 'Productos', amount: money(order.itemsPrice, currency) }];
  if (order.deliveryFee > 0) lines.push({ label: 'Envío', amount: money(order.deliveryFee, currency) });
  if (order.userServiceFee > 0)
    lines.push({ label: MESSAGES.serviceFee, amount: money(order.userServiceFee, currency) });
  if (order.surchargesTotal > 0)
    lines.push({ label: 'Recargos', amount: money(order.surchargesTotal, currency) });
  if (order.discountsTotal > 0)
    lines.push({ label: 'Descuentos', amount: `-${money(order.discountsTotal, currency)}` });
  lines.push({ label: 'Total', amount: money(order.total, currency), total: true });
  return lines;
}

/** One line of the order's 'Historial'. */
export interface HistoryLine {
  key: string;
  /** ISO, for the <time> element */
  at: string;
  /** 'HH:mm' in the contact's zone */
  time: string;
  /** '19/11' when the event is not on the first event's day; null on that day */
  day: string | null;
  label: string;
  who: string;
  reason: string | null;
  amount: string | null;
}

/** The history's events oldest first, as the dialog lists them. */
export function historyLines(
  history: Pick<ConsoleOrderHistory, 'events'>,
  timeZone: string,
  currency: CurrencyInfo,
): HistoryLine[] {
  const events = [...history.events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const firstDay = events[0] ? localDay(events[0].at, timeZone) : '';
  return events.map((event, index) => {
    const day = localDay(event.at, timeZone);
    return {
      key: `${index}-${event.entity}-${event.entityId}-${event.to}`,
      at: event.at,
      time: clockTime(event.at, timeZone),
      day: day === firstDay ? null : day.slice(0, 5),
      label: event.label,
      who: historyActorName(event.actor, event.actorName),
      reason: event.reason?.trim() ? event.reason.trim() : null,
      amount: event.amount === null ? null : money(event.amount, currency),
    };
  });
}
