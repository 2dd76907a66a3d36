import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { IconChevronRight } from '../../ui/icons.tsx';
import { dragProposal, keyboardSlider, moveSlider, releaseSlider } from './slider.ts';

/** The thumb's size and the track's inner padding, as in shipments.css. */
const THUMB_PX = 56;
const PAD_PX = 4;

/**
 * The slide-to-advance control (sections 4, 5 and 9): one control per step. The slider follows the
 * finger in small steps (a jump of more than 20 is ignored) and confirms only when released at 85% of
 * the track or more. The same control is its keyboard and screen-reader alternative: arrows move it,
 * Enter or Space confirm, and a screen reader's activation (a click with no pointer behind it)
 * confirms too; a finger's plain tap never does, so a brush of the screen is no step.
 */
export function SlideToAdvance({
  label,
  busy,
  held = false,
  onConfirm,
}: {
  label: string;
  /** The step's call is running: the thumb stays at the end with a spinner. */
  busy: boolean;
  /** The step waits on the rider (the delivery code dialog): the thumb stays at the end. */
  held?: boolean;
  onConfirm: () => void;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; startValue: number } | null>(null);
  const valueRef = useRef(0);
  const hintId = useId();

  const set = (next: number) => {
    valueRef.current = next;
    setValue(next);
  };

  // once the call is over (or the label changes to the next step) the thumb goes back to the start
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label is the trigger, not a value used
  useEffect(() => {
    if (!busy && !held) set(0);
  }, [busy, held, label]);

  function confirm() {
    set(100);
    onConfirm();
  }

  function travelPx(): number {
    const width = trackRef.current?.getBoundingClientRect().width ?? 0;
    return width - THUMB_PX - 2 * PAD_PX;
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (busy || held || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // a finger on the thumb moves it from where it grabbed it; elsewhere on the track, the value is
    // where the finger is, so a tap far from the thumb is a jump and is ignored
    const thumbLeft =
      (trackRef.current?.getBoundingClientRect().left ?? 0) + PAD_PX + (travelPx() * valueRef.current) / 100;
    const onThumb = event.clientX >= thumbLeft && event.clientX <= thumbLeft + THUMB_PX;
    const startX = onThumb ? event.clientX : thumbLeft + THUMB_PX / 2;
    drag.current = { pointerId: event.pointerId, startX, startValue: valueRef.current };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    handlePointerMove(event);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const proposed = dragProposal(current.startValue, current.startX, event.clientX, travelPx());
    set(moveSlider(valueRef.current, proposed));
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const released = releaseSlider(valueRef.current);
    set(released.value);
    if (released.confirmed) onConfirm();
  }

  function handlePointerCancel() {
    drag.current = null;
    setDragging(false);
    set(0);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (busy || held) return;
    const next = keyboardSlider(valueRef.current, event.key);
    if (!next) return;
    event.preventDefault();
    if (next.confirmed) confirm();
    else set(next.value);
  }

  const shown = Math.round(value);
  return (
    <div className="slide-advance">
      <div
        ref={trackRef}
        className={`slide${dragging ? ' slide--dragging' : ''}${busy ? ' slide--busy' : ''}`}
        style={{ '--slide': value } as CSSProperties}
        role="slider"
        tabIndex={busy || held ? -1 : 0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${shown}%`}
        aria-disabled={busy || undefined}
        aria-describedby={hintId}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerCancel}
        onKeyDown={handleKeyDown}
        onClick={(event) => {
          // detail 0: a click no pointer made (a screen reader's activation), not a finger's tap
          if (event.detail === 0 && !busy && !held) confirm();
        }}
      >
        <span className="slide__fill" aria-hidden="true" />
        <span className="slide__label" aria-hidden="true">
          {label}
        </span>
        <span className="slide__thumb" aria-hidden="true">
          {busy ? <span className="rider-spinner" /> : <IconChevronRight size={28} />}
        </span>
      </div>
      <span id={hintId} className="sr-only">
        Deslizá hasta el final, o pulsá Enter, para confirmar
      </span>
    </div>
  );
}
