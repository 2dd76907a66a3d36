/**
 * The follow-up's card data modal (post-order-and-logistics.md section 2 'Modals: card data'; section 5):
 * a token is generated before the payment; invalid fields give 'Debe completar correctamente los campos
 * de su tarjeta'. The card is typed in the shop's provider's own form (card-entry.tsx). Loaded lazily by
 * the follow-up page when 'Pagar' is tapped.
 */
import { MESSAGES } from '@comanda/core';
import type { FollowUpOrder, OrderPaymentAnswer } from '@comanda/core/contract';
import { useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import CardEntry from './card-entry.tsx';
import {
  CardFieldsError,
  type CardSource,
  type CardToken,
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
  /** the shop's payment account, as the follow-up carries it */
  payment: NonNullable<FollowUpOrder['branchContact']['cardPayment']>;
  /** The amount to pay: shown on the button (formatted) and given to the card form (units). */
  amount: string;
  amountUnits: number;
  holderName: string;
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
  payment,
  amount,
  amountUnits,
  holderName,
  onClose,
  onPaid,
  onRefused,
}: CardPayModalProps) {
  const source = useRef<CardSource | null>(null);
  const [tried, setTried] = useState(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const cardFieldsProblem = { message: MESSAGES.followUpCardFieldsInvalid, reason: null };

  async function pay() {
    if (paying) return;
    setTried(true);
    if (!source.current || !(await source.current.ready())) {
      setProblem(cardFieldsProblem);
      return;
    }
    setPaying(true);
    setProblem(null);
    let token: CardToken;
    try {
      token = await source.current.tokenize();
    } catch (error) {
      setProblem(
        error instanceof CardFieldsError
          ? cardFieldsProblem
          : { message: tokenProblemOf(error), reason: null },
      );
      setPaying(false);
      return;
    }
    try {
      const answer = await payOrderByCard({ id: orderId, code: orderCode }, token);
      source.current?.clear();
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
      <CardEntry
        payment={payment}
        amount={amountUnits}
        holderName={holderName}
        sourceRef={source}
        showAllErrors={tried}
        disabled={paying}
      />
      {problem ? (
        <div className="card-pay-problem" role="alert">
          <strong>{problem.message}</strong>
          {problem.reason ? <span>{problem.reason}</span> : null}
        </div>
      ) : null}
    </Modal>
  );
}
