import { type RefObject, useEffect } from 'react';

/**
 * Toasts sit bottom-centre; something fixed at the bottom of the screen (the cart bar, a sheet's footer,
 * a short bottom sheet) registers here so toasts rise above it instead of hiding it. An element that
 * does not reach the bottom edge (a centred dialog on a wide screen) takes no room.
 */
const heights = new Map<symbol, number>();

function apply(): void {
  const max = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty('--bottom-offset', `${Math.ceil(max)}px`);
}

function roomTaken(element: HTMLElement): number {
  const rect = element.getBoundingClientRect();
  const viewport = window.innerHeight;
  return rect.bottom >= viewport - 2 ? Math.max(0, viewport - rect.top) : 0;
}

const itself = (element: HTMLElement): HTMLElement | null => element;

/** `pick` chooses what to measure from the ref'd element (a stable function, e.g. module level). */
export function useBottomOffset(
  ref: RefObject<HTMLElement | null>,
  active = true,
  pick: (element: HTMLElement) => HTMLElement | null = itself,
): void {
  useEffect(() => {
    const element = ref.current ? pick(ref.current) : null;
    if (!active || !element) return;
    const id = Symbol('bottom-bar');
    const measure = () => {
      heights.set(id, roomTaken(element));
      apply();
    };
    measure();
    // once an entering sheet has slid into place
    const settle = setTimeout(measure, 260);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      clearTimeout(settle);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      heights.delete(id);
      apply();
    };
  }, [ref, active, pick]);
}
