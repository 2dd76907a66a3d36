import { MESSAGES } from '@comanda/core';
import { Link } from 'react-router';
import type { PaymentProblem } from '../card-payment/card-payment-api.ts';

/**
 * The checkout after a card that was not charged: the order exists (PAY_NEEDED) and the diner pays it
 * from its follow-up, where 'Pagar' opens the card modal. The cart is already emptied: placing again
 * would make a second order.
 */
export function PaymentDeclined({
  alias,
  code,
  problem,
}: {
  alias: string;
  code: string;
  problem: PaymentProblem;
}) {
  return (
    <div className="cart-page">
      <header className="cart-page__header">
        <h1 className="cart-page__title">{MESSAGES.checkoutTitle}</h1>
      </header>
      <section className="card payment-declined" aria-labelledby="payment-declined-title">
        <h2 id="payment-declined-title" className="card__title">
          No pudimos cobrar tu pedido
        </h2>
        <div className="checkout-alert" role="alert">
          <strong>{problem.message}</strong>
          {problem.reason ? <span>{problem.reason}</span> : null}
        </div>
        <p>
          Tu pedido <strong>#{code}</strong> quedó registrado y espera su pago. Podés pagarlo con otra tarjeta
          desde el seguimiento del pedido.
        </p>
        <Link
          className="button button--primary button--block"
          to={`/menu/${alias}/order/${encodeURIComponent(code)}`}
          replace
        >
          Ir a pagar mi pedido
        </Link>
      </section>
    </div>
  );
}
