import type { CartLine } from '@comanda/core';
import type { MenuDiscount } from '@comanda/core/contract';
import { MinorMoney } from '../../ui/money.tsx';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { DiscountPill } from '../menu/discount-pill.tsx';

/** 'Jamón', or 'Jamón x2' when more than one unit was chosen. */
function itemText(item: CartLine['extras'][number]['groupItems'][number]): string {
  return item.quantity > 1 ? `${item.name} x${item.quantity}` : item.name;
}

/** One line of 'Mi pedido': name, size, extras by group, notes, price and the quantity control. */
export function CartLineItem({
  line,
  discount,
  onQuantity,
}: {
  line: CartLine;
  /** The plate's menu discount, named on the line when it applied. */
  discount: MenuDiscount | undefined;
  onQuantity: (quantity: number) => void;
}) {
  const discounted = line.price < line.originalPrice;
  return (
    <li className="cart-line">
      <div className="cart-line__main">
        <h3 className="cart-line__name">{line.name}</h3>
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
        {line.notes ? <p className="cart-line__notes">“{line.notes}”</p> : null}
        {discounted ? (
          <span className="cart-line__discount">
            <DiscountPill discount={discount} />
          </span>
        ) : null}
      </div>
      <div className="cart-line__side">
        <p className="cart-line__price">
          {discounted ? (
            <s className="cart-line__original">
              <span className="sr-only">Antes: </span>
              <MinorMoney minor={line.originalPrice} />
            </s>
          ) : null}
          <MinorMoney className="cart-line__amount" minor={line.price} />
        </p>
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
