import { cartItemCount, cartSubtotal, MESSAGES } from '@comanda/core';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useBottomOffset } from '../../ui/bottom-offset.ts';
import { IconCart } from '../../ui/icons.tsx';
import { MinorMoney } from '../../ui/money.tsx';
import { useCartAnimation } from './cart-animation.ts';
import { useCart } from './cart-store.ts';
import './cart-bar.css';

export function cartPreviewPath(alias: string, search: string): string {
  return `/menu/${alias}/preview${search}`;
}

/** 'Ver mi pedido' fixed at the bottom of the menu, with the units and the total; plays after an add. */
export function CartBar({ alias }: { alias: string }) {
  const { search } = useLocation();
  const cart = useCart(alias);
  const animation = useCartAnimation();
  const ref = useRef<HTMLDivElement>(null);
  const count = cartItemCount(cart.lines);
  useBottomOffset(ref, count > 0);
  if (count === 0) return null;
  return (
    <>
      <div className="cart-bar-spacer" aria-hidden="true" />
      <div ref={ref} className="cart-bar bottom-dock">
        <Link
          className={`cart-bar__link bottom-element${animation ? ' cart-bar__link--added' : ''}`}
          to={cartPreviewPath(alias, search)}
        >
          <span className="cart-bar__count">
            <IconCart size={20} />
            <span>{count}</span>
            <span className="sr-only">{count === 1 ? 'producto' : 'productos'}</span>
          </span>
          <span className="cart-bar__label">{MESSAGES.seeMyOrder}</span>
          <MinorMoney className="cart-bar__total" minor={cartSubtotal(cart.lines)} />
        </Link>
      </div>
    </>
  );
}
