import { RETURN_REASON_MAX_CHARS, SHIPMENT_LIFECYCLE_MESSAGES, UNDELIVERABLE_REASONS } from '@comanda/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';
import { DropOffChoice } from './shipment-parts.tsx';
import { OTHER_REASON, type StackDelivery, undeliverableReason } from './shipment-rules.ts';
import { SHIPMENT_TEXTS } from './shipment-texts.ts';

/**
 * 'No pude entregar': why the drop-off failed (the diner and the shop read it), from core's reasons or
 * the rider's words; the order then goes back to the shop. In a stack the rider also says which drop-off
 * it is (the next stop by default).
 */
export function UndeliverableModal({
  open,
  busy,
  choices,
  onClose,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  /** A stack's drop-offs the rider may report; empty for a single shipment. */
  choices: readonly StackDelivery[];
  onClose: () => void;
  onSubmit: (reason: string, shipmentId: number | null) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={SHIPMENT_TEXTS.cannotDeliverTitle}
      className="undeliverable-modal"
    >
      {open ? <UndeliverableForm busy={busy} choices={choices} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function UndeliverableForm({
  busy,
  choices,
  onSubmit,
}: {
  busy: boolean;
  choices: readonly StackDelivery[];
  onSubmit: (reason: string, shipmentId: number | null) => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [missing, setMissing] = useState(false);
  const [chosen, setChosen] = useState<number | null>(choices[0]?.shipment.id ?? null);
  const otherId = useId();
  const countId = useId();
  const errorId = useId();
  const name = useId();

  function pick(value: string) {
    setChoice(value);
    setMissing(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const reason = undeliverableReason(choice, other);
    if (!reason) {
      setMissing(true);
      return;
    }
    onSubmit(reason, choices.length > 0 ? chosen : null);
  }

  return (
    <form className="delivery-code undeliverable" onSubmit={submit} noValidate>
      <SheetRoom />
      {choices.length > 1 ? (
        <fieldset className="delivery-code__choices">
          <legend className="field-label">{SHIPMENT_TEXTS.whichUndelivered}</legend>
          {choices.map(({ letter, shipment }) => (
            <DropOffChoice
              key={shipment.id}
              name={`${name}-delivery`}
              letter={letter}
              shipment={shipment}
              checked={chosen === shipment.id}
              onChoose={() => setChosen(shipment.id)}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset className="delivery-code__choices" aria-describedby={missing ? errorId : undefined}>
        <legend className="field-label">{SHIPMENT_TEXTS.reasonLegend}</legend>
        {[...UNDELIVERABLE_REASONS, OTHER_REASON].map((value) => (
          <label key={value} className="delivery-code__choice">
            <input
              type="radio"
              name={`${name}-reason`}
              value={value}
              checked={choice === value}
              onChange={() => pick(value)}
            />
            <span>{value === OTHER_REASON ? SHIPMENT_TEXTS.otherReason : value}</span>
          </label>
        ))}
      </fieldset>
      {choice === OTHER_REASON ? (
        <div className="undeliverable__other">
          <label className="field-label" htmlFor={otherId}>
            {SHIPMENT_TEXTS.otherReasonLabel}
          </label>
          <textarea
            id={otherId}
            className="text-input undeliverable__text"
            rows={3}
            maxLength={RETURN_REASON_MAX_CHARS}
            value={other}
            aria-describedby={countId}
            // biome-ignore lint/a11y/noAutofocus: the rider just chose to write the reason
            autoFocus
            onChange={(event) => {
              setOther(event.target.value);
              setMissing(false);
            }}
          />
          <p id={countId} className="undeliverable__count">
            {other.length}/{RETURN_REASON_MAX_CHARS}
          </p>
        </div>
      ) : null}
      <p id={errorId} className="rider-form__error" role="alert">
        {missing ? SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired : null}
      </p>
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="rider-spinner" aria-hidden="true" /> : null}
        {SHIPMENT_TEXTS.backToShop}
      </Button>
    </form>
  );
}
