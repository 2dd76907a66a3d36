import { type CartLine, discountPillText, unitExtrasPrice } from '@comanda/core';
import type { MenuDiscount } from '@comanda/core/contract';
import { useCurrency } from '../../ui/money.tsx';
import { PriceTag } from '../../ui/price-tag.tsx';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { discountRuleOf } from '../menu/dish-pricing.ts';
import '../menu/dish-price.css';

/** 'Jamón', or 'Jamón x2' when more than one unit was chosen. */
function itemText(item: CartLine['extras'][number]['groupItems'][number]): string {
  return item.quantity > 1 ? `${item.name} x${item.quantity}` : item.name;
}

/** One line of 'Mi pedido': name, size, extras by group, notes, price and the quantity control. */
export function CartLineItem({
  line,
  discount,
  unavailable = false,
  onQuantity,
}: {
  line: CartLine;
  /** The plate's menu discount: its pill on the line, as on the menu card. */
  discount: MenuDiscount | undefined;
  /** The plate left the menu (out of stock) since it was added: marked until it is removed. */
  unavailable?: boolean;
  onQuantity: (quantity: number) => void;
}) {
  const currency = useCurrency();
  // the line's totals are core's (a 3x2 counts with the rule's other lines); the pill is the card's,
  // so an incomplete 3x2 still tells its promotion at the full price
  const pill = discountPillText(
    discountRuleOf(discount, currency.decimals),
    line.priceWithoutModifiers,
    currency,
    unitExtrasPrice(line.extras),
  );
  return (
    <li className={unavailable ? 'cart-line cart-line--unavailable' : 'cart-line'}>
      <div className="cart-line__main">
        <h3 className="cart-line__name">{line.name}</h3>
        {unavailable ? <p className="cart-line__unavailable">Sin stock</p> : null}
        {line.sizeName ? <p className="cart-line__detail">{line.sizeName}</p> : null}
        {line.extras.length > 0 ? (
          <ul className="cart-line__extras">
            {line.extras.map((group) => (
              <li key={group.groupId} className="cart-line__detail">
                <span className="cart-line__group">{group.groupName}:</span>{' '}
                {group.groupItems.map(itemText).join(', ')}
              </li>
            ))}
          </ul>
        ) : null}
        {line.notes ? <p className="cart-line__notes user-text">“{line.notes}”</p> : null}
        <PriceTag
          price={line.price}
          originalPrice={line.originalPrice > line.price ? line.originalPrice : null}
          pill={pill}
          amountClassName="cart-line__amount"
        />
      </div>
      <div className="cart-line__side">
        <QuantityStepper
          size="sm"
          value={line.quantity}
          label={`Cantidad de ${line.name}`}
          incrementLabel={`Sumar una unidad de ${line.name}`}
          decrementLabel={`Quitar una unidad de ${line.name}`}
          removeLabel={`Eliminar ${line.name}`}
          onIncrement={() => onQuantity(line.quantity + 1)}
          onDecrement={() => onQuantity(line.quantity - 1)}
        />
      </div>
    </li>
  );
}
