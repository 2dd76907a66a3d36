import type { Plate } from '@comanda/core/contract';
import { lazy, Suspense, useState } from 'react';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useLastDefined } from '../../ui/use-last-defined.ts';
import type { DishViewProps } from './dish-detail.tsx';
import './dish-skeleton.css';

// the dish view's code is not part of the menu's first load
const DishModal = lazy(() => import('./dish-modal.tsx'));
const DishPage = lazy(() => import('./dish-page.tsx'));

/** Everything a dish view needs besides the plate (its price and discount come from the rules). */
export type DishContext = Omit<DishViewProps, 'plate'>;

function viewProps(plate: Plate, context: DishContext): DishViewProps {
  return { ...context, plate };
}

/** The dish modal over the menu; it stays mounted while it animates closed. */
export function DishModalLayer({
  plate,
  onClose,
  context,
}: {
  plate: Plate | undefined;
  onClose: () => void;
  context: DishContext;
}) {
  const shown = useLastDefined(plate);
  const isOpen = plate !== undefined;
  // every opening starts a fresh form, even for the dish that was open last
  const [openings, setOpenings] = useState({ count: 0, wasOpen: false });
  if (isOpen !== openings.wasOpen) {
    setOpenings({ count: openings.count + (isOpen ? 1 : 0), wasOpen: isOpen });
  }
  if (!shown) return null;
  return (
    <Suspense fallback={isOpen ? <DishSheetSkeleton /> : null}>
      <DishModal key={openings.count} open={isOpen} onClose={onClose} {...viewProps(shown, context)} />
    </Suspense>
  );
}

export function DishPageLayer({
  plate,
  onBack,
  context,
}: {
  plate: Plate;
  onBack: () => void;
  context: DishContext;
}) {
  return (
    <Suspense fallback={<DishPageSkeleton />}>
      <DishPage onBack={onBack} {...viewProps(plate, context)} />
    </Suspense>
  );
}

function DishSkeletonLines() {
  return (
    <LoadingRegion>
      <div className="dish-skeleton__lines">
        <Skeleton width="60%" height={22} />
        <Skeleton width="90%" height={14} />
        <Skeleton width="75%" height={14} />
        <Skeleton height={56} radius={8} />
        <Skeleton height={56} radius={8} />
      </div>
    </LoadingRegion>
  );
}

/** The sheet's shape for the instant the dish code is downloading. */
export function DishSheetSkeleton() {
  return (
    <div className="dish-skeleton-sheet">
      <div className="dish-skeleton-sheet__panel">
        <DishSkeletonLines />
      </div>
    </div>
  );
}

export function DishPageSkeleton() {
  return (
    <div className="dish-skeleton-page">
      <DishSkeletonLines />
    </div>
  );
}
