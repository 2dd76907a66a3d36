import { MESSAGES } from '@comanda/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';
import { DropOffChoice } from './shipment-parts.tsx';
import { isDeliveryCode, type StackDelivery } from './shipment-rules.ts';

export const DELIVERY_CODE_HINT = 'Pídele al cliente la clave de entrega de 4 dígitos.';
export const DELIVERY_CODE_INVALID = 'La clave de entrega tiene 4 dígitos.';
export const WHICH_DELIVERY = '¿Qué pedido entregas?';

/**
 * Before DELIVERED: the 'Clave de entrega' the diner shares at the door. In a stack the rider also says
 * which drop-off this is (the next stop by default).
 */
export function DeliveryCodeModal({
  open,
  busy,
  error,
  choices,
  confirmLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  /** The server's refusal of the last code, shown under the field. */
  error: string | null;
  /** A stack's open drop-offs; empty for a single shipment. */
  choices: readonly StackDelivery[];
  confirmLabel: string;
  onClose: () => void;
  onSubmit: (code: string, shipmentId: number | null) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={MESSAGES.deliveryCodeTitle} className="delivery-code-modal">
      {open ? (
        <DeliveryCodeForm
          busy={busy}
          error={error}
          choices={choices}
          confirmLabel={confirmLabel}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

function DeliveryCodeForm({
  busy,
  error,
  choices,
  confirmLabel,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  choices: readonly StackDelivery[];
  confirmLabel: string;
  onSubmit: (code: string, shipmentId: number | null) => void;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [chosen, setChosen] = useState<number | null>(choices[0]?.shipment.id ?? null);
  const codeId = useId();
  const hintId = useId();
  const message = invalid ? DELIVERY_CODE_INVALID : error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isDeliveryCode(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(code.trim(), choices.length > 0 ? chosen : null);
  }

  return (
    <form className="delivery-code" onSubmit={submit} noValidate>
      <SheetRoom />
      {choices.length > 1 ? (
        <fieldset className="delivery-code__choices">
          <legend className="field-label">{WHICH_DELIVERY}</legend>
          {choices.map(({ letter, shipment }) => (
            <DropOffChoice
              key={shipment.id}
              name={'delivery'}
              letter={letter}
              shipment={shipment}
              checked={chosen === shipment.id}
              onChoose={() => setChosen(shipment.id)}
            />
          ))}
        </fieldset>
      ) : null}
      {/* the dialog's title already reads 'Clave de entrega' */}
      <label className="sr-only" htmlFor={codeId}>
        {MESSAGES.deliveryCodeTitle}
      </label>
      <p id={hintId} className="shipment-muted">
        {DELIVERY_CODE_HINT}
      </p>
      <input
        id={codeId}
        className="text-input delivery-code__input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={4}
        value={code}
        aria-describedby={hintId}
        aria-invalid={message ? true : undefined}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
      />
      <p className="rider-form__error" role="alert">
        {message}
      </p>
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="rider-spinner" aria-hidden="true" /> : null}
        {confirmLabel}
      </Button>
    </form>
  );
}
