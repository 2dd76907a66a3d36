/**
 * Where the diner gives a card, by the shop's payment account (its `cardPayment`): Mercado Pago's own card
 * form (its Card Payment Brick, in Mercado Pago's frames: the card never touches our server), the built-in
 * sandbox's offline form with its test cards, or a note that Webpay takes the card on its own page. Loaded
 * lazily by the checkout and the follow-up's card modal, only once a card is chosen; it hands the page a
 * CardSource to read the card from at the tap.
 */
import type { BranchContact } from '@comanda/core/contract';
import { lazy, type MutableRefObject, Suspense, useEffect, useRef, useState } from 'react';
import CardForm, { isCardComplete } from './card-form.tsx';
import { type CardSource, EMPTY_CARD, sandboxCardToken } from './card-payment-api.ts';

// Mercado Pago's script and form are downloaded only for a shop whose account is Mercado Pago's
const MercadoPagoCardForm = lazy(() => import('./mercado-pago-card.tsx'));

export interface CardEntryProps {
  payment: NonNullable<BranchContact['cardPayment']>;
  /** the amount to pay, in currency units (Mercado Pago's form shows its installments from it) */
  amount: number;
  /** the order's customer, the card holder Mercado Pago's form does not ask for */
  holderName: string;
  sourceRef: MutableRefObject<CardSource | null>;
  /** After a try to pay every field's problem is shown, not only those of fields already left. */
  showAllErrors: boolean;
  disabled?: boolean;
}

export const WEBPAY_NOTE = 'Al confirmar el pedido te llevamos a Webpay para pagar con tu tarjeta.';

export default function CardEntry(props: CardEntryProps) {
  const { payment } = props;
  if (payment.provider === 'TRANSBANK') return <p className="checkout-hint">{WEBPAY_NOTE}</p>;
  if (payment.provider === 'MERCADO_PAGO' && payment.publicKey)
    return (
      <Suspense fallback={<p className="checkout-hint">Cargando el formulario de tarjeta…</p>}>
        <MercadoPagoCardForm
          publicKey={payment.publicKey}
          amount={props.amount}
          holderName={props.holderName}
          sourceRef={props.sourceRef}
        />
      </Suspense>
    );
  return <SandboxCardEntry {...props} />;
}

function SandboxCardEntry({ sourceRef, showAllErrors, disabled }: CardEntryProps) {
  const [card, setCard] = useState(EMPTY_CARD);
  // the page reads the card at the tap: the source always sees the latest fields
  const latest = useRef(card);
  latest.current = card;
  useEffect(() => {
    sourceRef.current = {
      ready: async () => isCardComplete(latest.current),
      tokenize: () => sandboxCardToken(latest.current),
      clear: () => setCard(EMPTY_CARD),
    };
    return () => {
      sourceRef.current = null;
    };
  }, [sourceRef]);
  return <CardForm value={card} onChange={setCard} showAllErrors={showAllErrors} disabled={disabled} />;
}
