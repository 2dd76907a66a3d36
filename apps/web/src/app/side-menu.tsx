import { MESSAGES } from '@comanda/core';
import { Button } from '../ui/button.tsx';
import { IconReceipt, IconUser } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { useToast } from '../ui/toast.tsx';
import './side-menu.css';

/** The side user menu. Signing in by phone arrives with its own issue; until then it is a placeholder. */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const showToast = useToast();
  return (
    <Modal open={open} onClose={onClose} title="¡Hola!" variant="drawer">
      <div className="side-menu">
        <span className="side-menu__avatar">
          <IconUser size={28} />
        </span>
        <p className="side-menu__lead">Ingresá con tu teléfono para ver tus pedidos y beneficios.</p>
        <Button block disabled aria-describedby="side-menu-soon">
          {MESSAGES.signIn}
        </Button>
        <p id="side-menu-soon" className="side-menu__note">
          Muy pronto vas a poder iniciar sesión.
        </p>
        <nav aria-label="Mi cuenta" className="side-menu__nav">
          <button type="button" className="side-menu__item" onClick={() => showToast(MESSAGES.loginRequired)}>
            <IconReceipt />
            {MESSAGES.myOrders}
          </button>
        </nav>
      </div>
    </Modal>
  );
}
