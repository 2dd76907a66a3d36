import { ConfirmModal } from '../../ui/confirm-modal.tsx';

/** Not quoted by the spec: asked before a payment change drops the applied code. */
export const DROP_CODE_TITLE = '¿Cambiar el medio de pago?';
export const DROP_CODE_BODY = 'El código de descuento aplicado se quitará y podrás volver a aplicarlo.';

/** The question before a payment change drops the applied code (its texts load with it, not with the page). */
export function DropCodeConfirm(props: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return <ConfirmModal title={DROP_CODE_TITLE} body={DROP_CODE_BODY} {...props} />;
}
