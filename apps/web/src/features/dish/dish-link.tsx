import type { Plate } from '@comanda/core/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { type DishLocationState, preloadDishDetail } from './dish-path.ts';

export interface DishLinkTarget {
  pathOf: (plate: Plate) => string;
  state: DishLocationState;
  /** The dish opens as a modal over the menu: keep the menu where it was scrolled. */
  inModal: boolean;
  /** Dishes can be added (the cards show a plus); false for a view-only menu. */
  orderable: boolean;
}

const DishLinkContext = createContext<DishLinkTarget | null>(null);

export const DishLinkProvider = DishLinkContext.Provider;

export function useDishesOrderable(): boolean {
  return useContext(DishLinkContext)?.orderable === true;
}

/**
 * The dish's name as a real link to its detail; the card's CSS stretches its hit area over the whole
 * card, so the card is one tap target and one tab stop named by the dish.
 */
export function DishLink({
  plate,
  className,
  children,
}: {
  plate: Plate;
  className?: string;
  children: ReactNode;
}) {
  const target = useContext(DishLinkContext);
  if (!target) return <>{children}</>;
  const preload = () => preloadDishDetail(target.inModal);
  return (
    <Link
      className={className}
      to={target.pathOf(plate)}
      state={target.state}
      preventScrollReset={target.inModal}
      onPointerDown={preload}
      onFocus={preload}
    >
      {children}
    </Link>
  );
}
