/**
 * The follow-up's loyalty-info modal (post-order-and-logistics.md section 2): what this order did with
 * points (used, given back, earned or still to earn on delivery), how the branch's programme works and,
 * for a signed-in diner, the balance and movements ('Mis {program name}''s own view). A diner who is not
 * signed in is offered the sign-in; points of an order are credited to its phone either way.
 */
import { defaultPhoneCountry, LOYALTY_INFO_MESSAGES, MESSAGES, orderPointsLines } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { checkoutQueries } from '../checkout/checkout-queries.ts';
import { activeProgramOf, useAccountScope } from '../diner-account/account-scope.ts';
import { BalanceSkeleton, LoyaltyInfo, LoyaltyRules } from '../diner-account/loyalty-modal.tsx';
import { useDinerSession } from '../diner-session/use-diner-session.ts';

const SignInModal = lazy(() => import('../diner-session/sign-in-modal.tsx'));

export interface LoyaltyInfoModalProps {
  open: boolean;
  order: FollowUpOrder;
  onClose: () => void;
}

export default function LoyaltyInfoModal({ open, order, onClose }: LoyaltyInfoModalProps) {
  const contact = order.branchContact;
  const { scope, isPending: scopePending } = useAccountScope(contact.alias);
  const program = useQuery({
    ...checkoutQueries.loyaltyProgram(scope?.branchId ?? 0),
    enabled: scope !== null,
  });
  const session = useDinerSession(scope?.branchId ?? null);
  const [signingIn, setSigningIn] = useState(false);
  const active = scope ? activeProgramOf(program.data, scope.branchContactId) : null;
  const name = order.loyaltyInfo.programName ?? active?.name ?? 'Puntos';
  const lines = orderPointsLines(order.loyaltyInfo, order.status);
  const orderId = useId();
  const loading = scopePending || (scope !== null && (program.isPending || session.isPending));

  let body = <p className="account-empty">{LOYALTY_INFO_MESSAGES.unavailable}</p>;
  if (active && scope && session.diner)
    body = <LoyaltyInfo scope={scope} program={active} phone={session.diner.phone} />;
  else if (active && scope)
    body = (
      <>
        <LoyaltyRules program={active} />
        <div className="account-reward__signed-out">
          <p>{LOYALTY_INFO_MESSAGES.signIn}</p>
          <Button block variant="secondary" onClick={() => setSigningIn(true)} aria-haspopup="dialog">
            {MESSAGES.signIn}
          </Button>
        </div>
      </>
    );
  else if (loading) body = <BalanceSkeleton />;

  return (
    <>
      <Modal open={open} onClose={onClose} title={name} className="account-modal">
        {lines.length > 0 ? (
          <section className="account-order-points" aria-labelledby={orderId}>
            <h3 id={orderId} className="account-points__label">
              {LOYALTY_INFO_MESSAGES.thisOrder}
            </h3>
            {lines.map((line) => (
              <p key={line} className="account-order-points__line">
                {line}
              </p>
            ))}
          </section>
        ) : null}
        {body}
      </Modal>
      {signingIn && scope ? (
        <Suspense fallback={null}>
          <SignInModal
            open={open && !session.isSignedIn}
            onClose={() => setSigningIn(false)}
            branchId={scope.branchId}
            defaultCountry={defaultPhoneCountry(scope.country)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
