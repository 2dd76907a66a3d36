import { MESSAGES } from '../messages.ts';

/** A cart line whose price changed since the diner saw it, with its new line total, formatted. */
export interface ChangedLine {
  name: string;
  quantity: number;
  price: string;
}

const lineName = (line: ChangedLine) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name);

/**
 * What the diner reads when placing finds prices that changed (issue 28): which lines and their new
 * price, so the cart the diner sees again makes sense. Without a changed line (a fee or a discount
 * moved instead) the general 'Los precios de tu pedido cambiaron…'.
 */
export function priceChangeMessage(lines: readonly ChangedLine[]): string {
  const [first, ...rest] = lines;
  if (!first) return MESSAGES.orderPriceChanged;
  const ending = 'Revisá el pedido y volvé a confirmarlo.';
  if (rest.length === 0) return `Cambió el precio de ${lineName(first)}: ahora ${first.price}. ${ending}`;
  const named = lines.map((line) => `${lineName(line)} (ahora ${line.price})`);
  const last = named.pop();
  return `Cambiaron los precios de ${named.join(', ')} y ${last}. ${ending}`;
}
