import { MESSAGES, type ShopClosure } from '@comanda/core';
import { Button } from '../../ui/button.tsx';
import { IconClock } from '../../ui/icons.tsx';
import { MODAL_CLOSE_MS, Modal } from '../../ui/modal.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';
import type { ClosedShopNotice } from './closed-shop-notice.ts';
import './closed-shop-modal.css';

export const CLOSED_NOTICE_OK = 'Entendido';

/**
 * 'Local cerrado' / 'Programa tu pedido', with a way to the opening hours. While a holiday or one-off
 * closure covers now (the server's `closure`) its message is the body (issue 27).
 */
export default function ClosedShopModal({
  open,
  notice,
  closure,
  onClose,
  onShowHours,
}: {
  open: boolean;
  notice: ClosedShopNotice;
  /** the closure covering now, as the server decided it (its clock, not the device's) */
  closure: ShopClosure | null;
  onClose: () => void;
  onShowHours: () => void;
}) {
  const body = closure?.message?.trim() || notice.body;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={notice.title}
      className="confirm-modal closed-shop-modal"
      footer={
        <div className="confirm-modal__actions">
          <Button
            variant="secondary"
            onClick={() => {
              onClose();
              // after this modal has gone and handed focus back, so the hours modal keeps it
              setTimeout(onShowHours, MODAL_CLOSE_MS + 20);
            }}
          >
            {MESSAGES.seeOpeningHours}
          </Button>
          <Button onClick={onClose}>{CLOSED_NOTICE_OK}</Button>
        </div>
      }
    >
      <SheetRoom />
      <div className={`closed-shop-modal__body closed-shop-modal__body--${notice.kind}`}>
        <span className="closed-shop-modal__icon" aria-hidden="true">
          <IconClock size={28} />
        </span>
        <p className="confirm-modal__body">{body}</p>
      </div>
    </Modal>
  );
}
