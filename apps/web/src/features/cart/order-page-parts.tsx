/**
 * Pieces 'Mi pedido' and the checkout share: the mode card, the bottom button with the total, and the
 * page skeleton. Their styles are in cart-page.css, which both pages load.
 */
import type { OrderMode } from '@comanda/core/contract';
import { useRef } from 'react';
import { useBottomOffset } from '../../ui/bottom-offset.ts';
import { MinorMoney } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { ModeIcon } from '../order-mode/mode-icon.tsx';

/** The order mode and the shop the order goes to. */
export function ModeCard({ mode, shopName }: { mode: OrderMode; shopName: string }) {
  return (
    <p className="cart-mode">
      <span className="cart-mode__icon">
        <ModeIcon type={mode.type} size={20} />
      </span>
      <span className="cart-mode__text">
        <span className="cart-mode__label">Modo de pedido</span>
        <strong className="cart-mode__name">{mode.showName}</strong>
      </span>
      <span className="cart-mode__shop">{shopName}</span>
    </p>
  );
}

export interface TotalBarProps {
  label: string;
  /** Minor units. */
  total: number;
  disabled: boolean;
  /** The action is under way: announced as busy. */
  busy?: boolean;
  /** The cart animation's highlight (an item was just added). */
  highlighted?: boolean;
  onClick: () => void;
}

/** A button with its label and the total, fixed at the bottom of the page. */
export function TotalBar({
  label,
  total,
  disabled,
  busy = false,
  highlighted = false,
  onClick,
}: TotalBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  useBottomOffset(ref);
  return (
    <div ref={ref} className="cart-continue bottom-dock">
      <button
        type="button"
        className={`button button--primary cart-continue__button bottom-element${highlighted ? ' cart-continue__button--added' : ''}`}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        <span>{label}</span>
        <MinorMoney className="cart-continue__total" minor={total} />
      </button>
    </div>
  );
}

/** The page's outline while its data arrives: a title and the blocks below it. */
export function OrderPageSkeleton({ titleWidth, blocks }: { titleWidth: string; blocks: number[] }) {
  return (
    <div className="cart-page">
      <LoadingRegion>
        <div className="cart-skeleton">
          <Skeleton width={titleWidth} height={26} />
          {blocks.map((height, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed outline, never reordered
            <Skeleton key={i} height={height} radius={12} />
          ))}
        </div>
      </LoadingRegion>
    </div>
  );
}
