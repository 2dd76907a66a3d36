import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { type InstallKind, promptInstall } from './install-state.ts';
import './install-modal.css';

export const INSTALL_TITLE = 'Instalá la app';
export const INSTALL_BUTTON = 'Instalar';
export const INSTALL_LATER = 'Ahora no';
export const IOS_INSTRUCTIONS = 'Tocá Compartir y luego Agregar a inicio';

/** iOS's Share glyph (a box with an arrow up), so the instruction matches what the diner sees. */
function IosShareIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 11H6a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-2" />
    </svg>
  );
}

export interface InstallModalProps {
  open: boolean;
  kind: InstallKind;
  businessName: string | null;
  onClose: () => void;
}

export default function InstallModal({ open, kind, businessName, onClose }: InstallModalProps) {
  const name = businessName ?? 'el local';
  async function install() {
    onClose();
    await promptInstall();
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={INSTALL_TITLE}
      footer={
        kind === 'prompt' ? (
          <div className="install-modal__actions">
            <Button variant="secondary" onClick={onClose}>
              {INSTALL_LATER}
            </Button>
            <Button onClick={() => void install()}>{INSTALL_BUTTON}</Button>
          </div>
        ) : (
          <Button block onClick={onClose}>
            Entendido
          </Button>
        )
      }
    >
      <p className="install-modal__text">
        Agregá {name} a tu pantalla de inicio y hacé tu próximo pedido en un toque.
      </p>
      {kind === 'ios' ? (
        <p className="install-modal__ios">
          <IosShareIcon />
          <span>{IOS_INSTRUCTIONS}</span>
        </p>
      ) : null}
    </Modal>
  );
}
