import type { OrderPayload } from '../contract/order.ts';
import { type CurrencyInfo, formatMoney, toMinor } from '../money.ts';

/**
 * The payload's orderText (storefront.md section 3): the order as one plain text, written at placement
 * from the payload itself (so from core's amounts), before the order has a code. The business reads the
 * structured order; this is its summary as the diner sent it. Amounts in the payload's currency units.
 */
export function orderTextOf(
  payload: OrderPayload,
  options: { modeName: string; currency: CurrencyInfo },
): string {
  const money = (units: number | null | undefined) =>
    formatMoney(toMinor(units ?? 0, options.currency.decimals), options.currency);
  const lines = [`Pedido · ${options.modeName}`, `Cliente: ${payload.customerName} · ${payload.phone}`];
  const destination = payload.destination;
  if (destination) {
    const details = [destination.details, destination.betweenStreets && `entre ${destination.betweenStreets}`]
      .filter(Boolean)
      .join(', ');
    const street = [destination.street, destination.number].filter(Boolean).join(' ');
    lines.push(`Entrega en ${street}${details ? ` (${details})` : ''}`);
  }
  if (payload.tableUid) lines.push(`Mesa ${payload.tableUid}`);
  if (payload.scheduled && payload.scheduledAt) lines.push(`Programado: ${payload.scheduledAt}`);
  lines.push('');
  for (const item of payload.items) {
    lines.push(`${item.quantity} x ${item.name} ${money(item.price)}`);
    for (const group of item.extras ?? [])
      lines.push(
        `   ${group.groupName}: ${group.groupItems.map((g) => (g.quantity > 1 ? `${g.name} x${g.quantity}` : g.name)).join(', ')}`,
      );
    if (item.notes) lines.push(`   Nota: ${item.notes}`);
  }
  lines.push('');
  for (const surcharge of payload.surcharges ?? [])
    lines.push(`${surcharge.name}: ${money(surcharge.amount)}`);
  for (const discount of payload.discounts ?? []) lines.push(`${discount.name}: -${money(discount.amount)}`);
  const points = payload.loyaltyInfo?.redeemedPoints ?? 0;
  if (points > 0) lines.push(`Puntos canjeados: ${points}`);
  if (payload.deliveryFee) lines.push(`Envío: ${money(payload.deliveryFee)}`);
  if (payload.userServiceFee) lines.push(`Tasa de servicio: ${money(payload.userServiceFee)}`);
  lines.push(`Total: ${money(payload.price)}`);
  const payment = payload.paymentType.showName ?? payload.paymentType.paymentMethod ?? '';
  lines.push(`Pago: ${payment}${payload.paysWith ? ` · Abona con ${money(payload.paysWith)}` : ''}`);
  if (payload.notes) lines.push(`Notas: ${payload.notes}`);
  return lines.join('\n');
}
