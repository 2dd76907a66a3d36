import { cashChange } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useFormatMinor } from '../../ui/money.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';
import { dayLabel } from './checkout-sections.tsx';
import type { Checkout, CheckoutFields } from './use-checkout.ts';

interface OrderConfirmModalProps {
  open: boolean;
  contact: BranchContact;
  mode: OrderMode;
  fields: CheckoutFields;
  checkout: Checkout;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation some shops ask for before 'Realizar pedido' sends the order (spec: "A confirmation
 * modal may appear before placing an order"): where, when, how it is paid and the total, in one look.
 */
export function OrderConfirmModal({
  open,
  contact,
  mode,
  fields,
  checkout,
  onCancel,
  onConfirm,
}: OrderConfirmModalProps) {
  const formatMinor = useFormatMinor();
  const { slotDay, slotHour, paymentType, price } = checkout;
  const change = cashChange(paymentType?.paymentMethod ?? '', checkout.paysWith, price.total);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirmá tu pedido"
      className="confirm-modal"
      footer={
        <div className="confirm-modal__actions">
          <Button variant="secondary" onClick={onCancel}>
            Revisar
          </Button>
          <Button onClick={onConfirm}>Confirmar pedido</Button>
        </div>
      }
    >
      <SheetRoom />
      <dl className="order-confirm">
        <div className="order-confirm__row">
          <dt>Local</dt>
          <dd>{contact.name}</dd>
        </div>
        <div className="order-confirm__row">
          <dt>{mode.showName}</dt>
          <dd>{placeOf(contact, mode, fields)}</dd>
        </div>
        <div className="order-confirm__row">
          <dt>Cuándo</dt>
          <dd>
            {checkout.scheduled && slotDay && slotHour
              ? `${dayLabel(slotDay.dayOfWeek, slotDay.date)} a las ${slotHour} hs`
              : 'Lo antes posible'}
          </dd>
        </div>
        <div className="order-confirm__row">
          <dt>Pago</dt>
          <dd>
            {paymentType?.showName}
            {change !== null && checkout.paysWith !== null
              ? ` (abonás con ${formatMinor(checkout.paysWith)}, vuelto ${formatMinor(change)})`
              : null}
          </dd>
        </div>
        <div className="order-confirm__row order-confirm__row--total">
          <dt>Total</dt>
          <dd>{formatMinor(price.total)}</dd>
        </div>
      </dl>
    </Modal>
  );
}

function placeOf(contact: BranchContact, mode: OrderMode, fields: CheckoutFields): string {
  if (mode.type === 'DELIVERY') return fields.address?.street ?? '';
  if (mode.type === 'TABLE') return `Mesa ${fields.tableUid}`;
  return `Retirás en ${contact.address.street} ${contact.address.number}`;
}
