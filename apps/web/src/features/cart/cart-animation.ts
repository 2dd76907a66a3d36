/**
 * The spec's cart animation after adding a dish: the cart button plays for 1450 ms. Kept in memory only
 * (the stored cart has no business knowing about it).
 */
import { useSyncExternalStore } from 'react';

export const CART_ANIMATION_MS = 1450;

type Listener = () => void;
const listeners = new Set<Listener>();
let playing = false;

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Plays the animation once. An add while it is playing (rapid taps) neither restarts nor lengthens it:
 * one burst of adds is one animation, not a queue of them.
 */
export function playCartAnimation(): void {
  if (playing) return;
  playing = true;
  emit();
  setTimeout(() => {
    playing = false;
    emit();
  }, CART_ANIMATION_MS);
}

/** Whether the animation is playing now (what useCartAnimation reads). */
export function cartAnimationPlaying(): boolean {
  return playing;
}

/** Called with each start and end of the animation; returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the animation plays (the cart buttons add their '--added' class). */
export function useCartAnimation(): boolean {
  return useSyncExternalStore(subscribe, cartAnimationPlaying, () => false);
}
