import { MESSAGES } from '@comanda/core';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { SheetRoom } from './sheet-room.tsx';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  body: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the confirmation is being carried out: 'Continuar' is locked. */
  busy?: boolean;
}

/** A question with the spec's two answers, 'Cancelar' and 'Continuar'; Escape and the backdrop cancel. */
export function ConfirmModal({ open, title, body, onCancel, onConfirm, busy = false }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      className="confirm-modal"
      footer={
        <div className="confirm-modal__actions">
          <Button variant="secondary" onClick={onCancel}>
            {MESSAGES.cancel}
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {MESSAGES.continue}
          </Button>
        </div>
      }
    >
      <SheetRoom />
      <p className="confirm-modal__body">{body}</p>
    </Modal>
  );
}
