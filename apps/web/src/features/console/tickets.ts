import type { CurrencyInfo } from '@comanda/core';
import type { ConsoleOrder } from '@comanda/core/contract';
import {
  addressLines,
  amountLines,
  changeText,
  clockTime,
  extraLines,
  itemTitle,
  money,
  paidText,
  paymentName,
  paysWithText,
  scheduledText,
} from './order-text.ts';

/** One line of a printed ticket (80 mm thermal paper). */
export type TicketLine =
  | { kind: 'title' | 'big' | 'text' | 'sub' | 'note'; text: string }
  | { kind: 'row'; text: string; amount: string; strong?: boolean }
  | { kind: 'rule' };

export type TicketKind = 'kitchen' | 'package';

function heading(order: ConsoleOrder, nowMs: number, timeZone: string): TicketLine[] {
  const lines: TicketLine[] = [
    { kind: 'big', text: `#${order.code}` },
    { kind: 'text', text: order.orderModeName },
    { kind: 'text', text: `Pedido a las ${clockTime(order.orderedAt, timeZone)}` },
  ];
  const scheduled = scheduledText(order, nowMs, timeZone);
  if (scheduled) lines.push({ kind: 'big', text: scheduled });
  return lines;
}

function place(order: ConsoleOrder): TicketLine[] {
  if (order.tableUid) return [{ kind: 'big', text: `Mesa ${order.tableUid}` }];
  return addressLines(order.destination).map((text) => ({ kind: 'text', text }));
}

/** The kitchen's ticket: what to cook and for whom, no prices. */
export function kitchenTicket(order: ConsoleOrder, nowMs: number, timeZone: string): TicketLine[] {
  const lines: TicketLine[] = [
    { kind: 'title', text: 'Comanda' },
    ...heading(order, nowMs, timeZone),
    ...place(order),
    { kind: 'rule' },
  ];
  for (const item of order.items) {
    lines.push({ kind: 'big', text: itemTitle(item) });
    for (const text of extraLines(item)) lines.push({ kind: 'sub', text });
    if (item.notes) lines.push({ kind: 'note', text: `Nota: ${item.notes}` });
  }
  if (order.notes) lines.push({ kind: 'rule' }, { kind: 'note', text: `Notas del pedido: ${order.notes}` });
  return lines;
}

/** The package's ticket: the customer, the address, what they pay and how. */
export function packageTicket(
  order: ConsoleOrder,
  currency: CurrencyInfo,
  nowMs: number,
  timeZone: string,
): TicketLine[] {
  const lines: TicketLine[] = [
    { kind: 'title', text: 'Ticket del pedido' },
    ...heading(order, nowMs, timeZone),
    { kind: 'text', text: `Cliente: ${order.customerName}` },
  ];
  if (order.phone) lines.push({ kind: 'text', text: `Teléfono: ${order.phone}` });
  lines.push(...place(order), { kind: 'rule' });
  for (const item of order.items) {
    lines.push({ kind: 'row', text: itemTitle(item), amount: money(item.accPrice, currency) });
    for (const text of extraLines(item)) lines.push({ kind: 'sub', text });
    if (item.notes) lines.push({ kind: 'note', text: `Nota: ${item.notes}` });
  }
  lines.push({ kind: 'rule' });
  for (const line of amountLines(order, currency))
    lines.push({ kind: 'row', text: line.label, amount: line.amount, strong: line.total });
  lines.push({ kind: 'rule' }, { kind: 'text', text: `Pago: ${paymentName(order)} · ${paidText(order)}` });
  const paysWith = paysWithText(order, currency);
  if (paysWith) lines.push({ kind: 'text', text: paysWith });
  const change = changeText(order, currency);
  if (change) lines.push({ kind: 'big', text: change });
  if (order.notes) lines.push({ kind: 'note', text: `Notas del pedido: ${order.notes}` });
  return lines;
}
