/**
 * The follow-up's card data modal (post-order-and-logistics.md section 2 'Modals: card data'; section 5):
 * a token is generated before the payment; invalid fields give 'Debe completar correctamente los campos
 * de su tarjeta'. Loaded lazily by the follow-up page when 'Pagar' is tapped.
 */
import { type CardFields, MESSAGES } from '@comanda/core';
import type { OrderPaymentAnswer } from '@comanda/core/contract';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import CardForm, { isCardComplete } from './card-form.tsx';
import {
  createCardToken,
  EMPTY_CARD,
  type PaymentProblem,
  paymentProblemOf,
  payOrderByCard,
  tokenProblemOf,
} from './card-payment-api.ts';

export interface CardPayModalProps {
  open: boolean;
  orderId: number;
  /** the order's code: the server takes a payment only with it */
  orderCode: string;
  /** The amount shown on the button, already formatted. */
  amount: string;
  onClose: () => void;
  /** The provider answered (paid or still in process). */
  onPaid: (answer: OrderPaymentAnswer) => void;
  /** The payment was tried and refused: the order may have changed. */
  onRefused: () => void;
}

export default function CardPayModal({
  open,
  orderId,
  orderCode,
  amount,
  onClose,
  onPaid,
  onRefused,
}: CardPayModalProps) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [tried, setTried] = useState(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);

  async function pay() {
    if (paying) return;
    setTried(true);
    if (!isCardComplete(card)) {
      setProblem({ message: MESSAGES.followUpCardFieldsInvalid, reason: null });
      return;
    }
    setPaying(true);
    setProblem(null);
    let token: Awaited<ReturnType<typeof createCardToken>>;
    try {
      token = await createCardToken(card);
    } catch (error) {
      setProblem({ message: tokenProblemOf(error), reason: null });
      setPaying(false);
      return;
    }
    try {
      const answer = await payOrderByCard({ id: orderId, code: orderCode }, token, card);
      setCard(EMPTY_CARD);
      setTried(false);
      onPaid(answer);
    } catch (error) {
      setProblem(paymentProblemOf(error));
      onRefused();
    } finally {
      setPaying(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={paying ? () => {} : onClose}
      title="Datos de tu tarjeta"
      footer={
        <Button
          className="button--block"
          onClick={() => void pay()}
          disabled={paying}
          aria-busy={paying || undefined}
        >
          {paying ? 'Procesando pago…' : `Pagar ${amount}`}
        </Button>
      }
    >
      <CardForm value={card} onChange={setCard} showAllErrors={tried} disabled={paying} />
      {problem ? (
        <div className="card-pay-problem" role="alert">
          <strong>{problem.message}</strong>
          {problem.reason ? <span>{problem.reason}</span> : null}
        </div>
      ) : null}
    </Modal>
  );
}
