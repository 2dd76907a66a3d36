import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useLastDefined } from '../../ui/use-last-defined.ts';

export interface ConfirmRequest {
  title: string;
  body: string;
  /** the button that does it: 'Eliminar', 'Salir sin guardar' */
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
}

/** A question before something that cannot be taken back here; Escape and the backdrop say no. */
export function ConfirmDialog({
  request: asked,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  // the question stays written while the dialog fades out
  const request = useLastDefined(asked ?? undefined) ?? null;
  return (
    <Modal
      open={asked !== null}
      onClose={onClose}
      title={request?.title ?? ''}
      className="console-dialog menu-editor-dialog confirm-modal"
      footer={
        <div className="confirm-modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {request?.cancelLabel ?? 'Cancelar'}
          </Button>
          <Button
            className={request?.danger ? 'menu-editor__danger-button' : undefined}
            onClick={() => {
              onClose();
              request?.onConfirm();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </div>
      }
    >
      <p className="confirm-modal__body">{request?.body}</p>
    </Modal>
  );
}
