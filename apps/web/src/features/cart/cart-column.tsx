import { cartItemCount, cartSubtotal, lineKey, MESSAGES, type MenuDiscountRule } from '@comanda/core';
import type { MenuDiscount, OrderMode } from '@comanda/core/contract';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { IconCart } from '../../ui/icons.tsx';
import { MinorMoney } from '../../ui/money.tsx';
import { useCartAnimation } from './cart-animation.ts';
import { cartPreviewPath } from './cart-bar.tsx';
import { CartLineItem } from './cart-line-item.tsx';
import { useCart } from './cart-store.ts';
import { EMPTY_CART_BODY, EMPTY_CART_TITLE } from './cart-texts.ts';
import { DeliveryProgressBar, useDeliveryProgress } from './delivery-progress-bar.tsx';
import { useChangeQuantity } from './use-change-quantity.ts';
import './cart-page.css';
import './cart-column.css';

interface CartColumnProps {
  alias: string;
  mode: OrderMode;
  rules: readonly MenuDiscountRule[];
  /** The menu discounts by plate, to name a line's discount. */
  discounts: ReadonlyMap<number, MenuDiscount>;
  /** Why this menu takes no orders (a view-only menu), said instead of inviting to add products. */
  viewOnlyReason: string | null;
}

/**
 * 'Mi pedido' beside the menu on a wide screen (instead of the bottom cart bar): the lines with their
 * quantity controls, the subtotal and 'Ver mi pedido', which goes on to the cart page as the bar does.
 */
export function CartColumn({ alias, mode, rules, discounts, viewOnlyReason }: CartColumnProps) {
  const { search } = useLocation();
  const cart = useCart(alias);
  const animation = useCartAnimation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const subtotal = cartSubtotal(cart.lines);
  const count = cartItemCount(cart.lines);
  const progress = useDeliveryProgress(mode, subtotal);

  const changeQuantity = useChangeQuantity(alias, rules, headingRef);

  return (
    <aside className="cart-column" aria-labelledby="cart-column-title">
      <div className={`cart-column__panel${animation ? ' cart-column__panel--added' : ''}`}>
        <h2 id="cart-column-title" ref={headingRef} tabIndex={-1} className="cart-column__title">
          {MESSAGES.myOrderTitle}
        </h2>
        {count === 0 ? (
          <div className="cart-column__empty">
            <span className="cart-column__empty-icon" aria-hidden="true">
              <IconCart size={32} />
            </span>
            <p className="cart-column__empty-title">{EMPTY_CART_TITLE}</p>
            <p className="cart-column__empty-body">{viewOnlyReason ?? EMPTY_CART_BODY}</p>
          </div>
        ) : (
          <>
            <div className="cart-column__scroll">
              <ul className="cart-lines cart-column__lines" aria-label="Productos">
                {cart.lines.map((line) => (
                  <CartLineItem
                    key={lineKey(line)}
                    line={line}
                    discount={discounts.get(line.referenceId)}
                    onQuantity={(quantity) => changeQuantity(line, quantity)}
                  />
                ))}
              </ul>
            </div>
            <div className="cart-column__footer">
              <DeliveryProgressBar progress={progress} />
              <p className="cart-column__subtotal">
                <span>Subtotal</span>
                <span aria-live="polite">
                  <MinorMoney minor={subtotal} />
                </span>
              </p>
              <Link
                className={`button button--primary button--block cart-column__continue${animation ? ' cart-column__continue--added' : ''}`}
                to={cartPreviewPath(alias, search)}
              >
                <span className="cart-column__count">
                  {count}
                  <span className="sr-only">{count === 1 ? ' producto' : ' productos'}</span>
                </span>
                <span className="cart-column__continue-label">{MESSAGES.seeMyOrder}</span>
                <MinorMoney className="cart-column__continue-total" minor={subtotal} />
              </Link>
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
