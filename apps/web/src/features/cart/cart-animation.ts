/**
 * The spec's cart animation after adding a dish: the cart button plays for 1450 ms. Kept in memory only
 * (the stored cart has no business knowing about it).
 */
import { useSyncExternalStore } from 'react';

export const CART_ANIMATION_MS = 1450;

type Listener = () => void;
const listeners = new Set<Listener>();
/** Changes on every add, so a second add while playing restarts the animation. */
let playing = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

export function playCartAnimation(): void {
  clearTimeout(timer);
  playing += 1;
  emit();
  timer = setTimeout(() => {
    playing = 0;
    emit();
  }, CART_ANIMATION_MS);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 0 when idle; a new positive number for each animation run (use it as a React key to restart it). */
export function useCartAnimation(): number {
  return useSyncExternalStore(
    subscribe,
    () => playing,
    () => 0,
  );
}
