/**
 * The order as a WhatsApp message (storefront.md: "otherwise it redirects to a WhatsApp link with the
 * text"), for a shop without the orders console. Written from the order as the server stored and
 * charged it, so the shop reads exactly what the diner will pay.
 */
import type { FollowUpOrder } from '../contract/follow-up.ts';
import { localDateTime } from '../local-time.ts';
import { type CurrencyInfo, formatMoney, toMinor } from '../money.ts';
import { orderPlaceLine } from './follow-up.ts';

export function whatsAppOrderText(order: FollowUpOrder, currency: CurrencyInfo, followUpUrl: string): string {
  const money = (amount: number) => formatMoney(toMinor(amount, currency.decimals), currency);
  const { destination } = order;
  const lines: string[] = [
    '¡Hola! Quiero hacer este pedido:',
    `Pedido #${order.code} · ${order.orderModeName}`,
  ];
  if (order.type === 'DELIVERY' && destination) {
    const details = [
      destination.details,
      destination.betweenStreets ? `entre ${destination.betweenStreets}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `${orderPlaceLine({ ...order, branchAddress: order.branchContact.address })}${details ? ` (${details})` : ''}`,
    );
  } else {
    lines.push(orderPlaceLine({ ...order, branchAddress: order.branchContact.address }));
  }
  if (order.scheduled && order.scheduledAt)
    lines.push(`Programado para el ${localDateTime(order.scheduledAt, order.branchContact.timeZone)} hs`);
  lines.push(`Cliente: ${order.customerName}`, '');

  for (const item of order.items) {
    lines.push(
      `${item.quantity} x ${item.name}${item.sizeName ? ` (${item.sizeName})` : ''} ${money(item.accPrice)}`,
    );
    for (const group of item.extras)
      lines.push(
        `   ${group.groupName}: ${group.groupItems.map((g) => (g.quantity > 1 ? `${g.name} x${g.quantity}` : g.name)).join(', ')}`,
      );
    if (item.notes) lines.push(`   Nota: ${item.notes}`);
  }
  lines.push('', `Productos: ${money(order.itemsPrice)}`);
  for (const surcharge of order.surcharges) lines.push(`${surcharge.name}: ${money(surcharge.amount)}`);
  if (order.deliveryFee > 0) lines.push(`Envío: ${money(order.deliveryFee)}`);
  for (const discount of order.discounts) lines.push(`${discount.name}: -${money(discount.amount)}`);
  if (order.loyaltyInfo.redeemedAmount > 0)
    lines.push(`${order.loyaltyInfo.programName ?? 'Puntos'}: -${money(order.loyaltyInfo.redeemedAmount)}`);
  if (order.userServiceFee > 0) lines.push(`Tasa de servicio: ${money(order.userServiceFee)}`);
  lines.push(`Total: ${money(order.total)}`);

  const payment = order.paymentType?.showName ?? 'A convenir';
  if (order.paymentType?.paymentMethod === 'CASH' && order.paysWith !== null && order.paysWith > order.total)
    lines.push(
      `Pago: ${payment} · Abono con ${money(order.paysWith)} (vuelto ${money(order.paysWith - order.total)})`,
    );
  else lines.push(`Pago: ${payment}`);
  if (order.notes) lines.push(`Notas: ${order.notes}`);
  lines.push('', `Seguimiento del pedido: ${followUpUrl}`);
  return lines.join('\n');
}
