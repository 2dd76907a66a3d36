import { CANCEL_REASON_MAX_CHARS, CANCEL_REASONS, PREPARATION_MINUTES } from '@comanda/core';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';

const DEFAULT_PREPARATION = 20;

/** 'Aceptar': the staff promise a preparation time (the diner sees it on the follow-up). */
export function AcceptDialog({
  open,
  code,
  busy,
  onClose,
  onAccept,
}: {
  open: boolean;
  code: string;
  busy: boolean;
  onClose: () => void;
  onAccept: (minutes: number) => void;
}) {
  const [minutes, setMinutes] = useState<number>(DEFAULT_PREPARATION);
  const labelId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Aceptar pedido #${code}`}
      className="console-dialog"
      footer={
        <div className="console-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Volver
          </Button>
          <Button
            onClick={() => !busy && onAccept(minutes)}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {busy ? 'Aceptando…' : `Aceptar · ${minutes} min`}
          </Button>
        </div>
      }
    >
      <SheetRoom />
      <p id={labelId} className="console-dialog__label">
        Tiempo de preparación
      </p>
      <fieldset className="console-choices console-choices--grid" aria-labelledby={labelId}>
        {PREPARATION_MINUTES.choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className="console-choice"
            aria-pressed={minutes === choice}
            onClick={() => setMinutes(choice)}
          >
            {choice} min
          </button>
        ))}
      </fieldset>
    </Modal>
  );
}

/** 'Cancelar': a reason is required (the diner and the audits read it); quick choices or free text. */
export function CancelDialog({
  open,
  code,
  busy,
  onClose,
  onCancelOrder,
}: {
  open: boolean;
  code: string;
  busy: boolean;
  onClose: () => void;
  onCancelOrder: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  // each opening starts without a reason: one typed for another order must not carry over
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const countId = useId();
  const trimmed = reason.trim();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancelar pedido #${code}`}
      className="console-dialog"
      footer={
        <div className="console-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Volver
          </Button>
          <Button
            className="console-button--danger"
            onClick={() => !busy && trimmed !== '' && onCancelOrder(trimmed)}
            aria-disabled={busy || trimmed === '' || undefined}
            aria-busy={busy || undefined}
          >
            {busy ? 'Cancelando…' : 'Cancelar pedido'}
          </Button>
        </div>
      }
    >
      <SheetRoom />
      <p className="console-dialog__label">Motivo de la cancelación</p>
      <fieldset className="console-choices" aria-label="Motivos frecuentes">
        {CANCEL_REASONS.map((choice) => (
          <button
            key={choice}
            type="button"
            className="console-choice"
            aria-pressed={trimmed === choice}
            onClick={() => setReason(choice)}
          >
            {choice}
          </button>
        ))}
      </fieldset>
      <label className="field-label console-dialog__field-label" htmlFor={fieldId}>
        Otro motivo
      </label>
      <textarea
        id={fieldId}
        className="text-input console-textarea"
        value={reason}
        maxLength={CANCEL_REASON_MAX_CHARS}
        rows={3}
        aria-describedby={countId}
        onChange={(event) => setReason(event.target.value)}
      />
      <p id={countId} className="console-dialog__count">
        {reason.length}/{CANCEL_REASON_MAX_CHARS}
      </p>
    </Modal>
  );
}
