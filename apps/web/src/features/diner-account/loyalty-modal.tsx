/**
 * 'Mis {program name}': the loyalty modal in info mode (storefront.md section 2): the balance (one point
 * is one currency unit), how points are earned (the order percentage shown as percent) and redeemed (the
 * programme's minimum and maximums), and the history of movements, 20 at a time. The spec's fallbacks:
 * a balance lookup that fails reads as 0, a history that fails as empty.
 */
import { groupThousands, localDateTime, MESSAGES, orderPercentageText } from '@comanda/core';
import type { LoyaltyHistoryRow, LoyaltyProgram } from '@comanda/core/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { CurrencyProvider, Money } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { checkoutQueries } from '../checkout/checkout-queries.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { accountQueries, isSignedOutError } from './account-queries.ts';
import { type AccountScope, activeProgramOf, useAccountScope } from './account-scope.ts';
import type { AccountModalProps } from './my-orders-modal.tsx';
import { historyRowTitle, signedPoints } from './order-labels.ts';
import './diner-account.css';

export const NO_MOVEMENTS = 'Todavía no tenés movimientos de puntos.';
const PROGRAM_UNAVAILABLE = 'El programa de puntos no está disponible en este local.';

export default function LoyaltyModal({ open, onClose, phone, alias }: AccountModalProps) {
  const { scope, isPending } = useAccountScope(alias);
  const program = useQuery({
    ...checkoutQueries.loyaltyProgram(scope?.branchId ?? 0),
    enabled: scope !== null,
  });
  const active = scope ? activeProgramOf(program.data, scope.branchContactId) : null;
  const loading = isPending || (scope !== null && program.isPending);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={active ? MESSAGES.myLoyaltyProgram(active.name) : 'Mis puntos'}
      className="account-modal"
    >
      {active && scope ? (
        <LoyaltyInfo scope={scope} program={active} phone={phone} />
      ) : loading ? (
        <BalanceSkeleton />
      ) : (
        <p className="account-empty">{PROGRAM_UNAVAILABLE}</p>
      )}
    </Modal>
  );
}

/** The balance, the programme's rules and the movements of the signed-in diner (also the follow-up's modal). */
export function LoyaltyInfo({
  scope,
  program,
  phone,
}: {
  scope: AccountScope;
  program: LoyaltyProgram;
  phone: string;
}) {
  const currency = useContactCurrency(scope);
  const customer = useQuery(checkoutQueries.orderingCustomer(phone, scope.branchId));
  const balance = customer.data?.loyaltyPointsBalance ?? 0;
  const historyId = useId();
  return (
    <CurrencyProvider value={currency}>
      <section className="account-points" aria-label="Tu saldo">
        <p className="account-points__label">Tu saldo</p>
        {customer.isPending ? (
          <LoadingRegion>
            <Skeleton width="50%" height={36} />
          </LoadingRegion>
        ) : (
          <>
            <p className="account-points__balance">
              <strong>{groupThousands(balance)}</strong> {program.name}
            </p>
            <p className="account-points__worth">
              Equivalen a <Money amount={balance} withDecimals={false} /> en tus pedidos: cada punto vale{' '}
              <Money amount={1} withDecimals={false} />.
            </p>
          </>
        )}
      </section>
      <LoyaltyRules program={program} />
      <h3 id={historyId} className="account-subtitle">
        Movimientos
      </h3>
      <History scope={scope} phone={phone} labelledBy={historyId} />
    </CurrencyProvider>
  );
}

/** How points are earned (the order percentage as percent) and redeemed (the programme's limits). */
export function LoyaltyRules({ program }: { program: LoyaltyProgram }) {
  return (
    <ul className="account-rules">
      <li>
        Cada pedido entregado te suma el <strong>{orderPercentageText(program.orderPercentage)}</strong> de lo
        que pagás en productos.
      </li>
      {program.minRedeemedPoints > 0 ? (
        <li>Podés canjear desde {groupThousands(program.minRedeemedPoints)} puntos.</li>
      ) : null}
      {program.maxRedeemedPoints !== null ? (
        <li>Hasta {groupThousands(program.maxRedeemedPoints)} puntos por pedido.</li>
      ) : null}
      {program.maxRedeemedPercentage !== null ? (
        <li>Con puntos pagás hasta el {orderPercentageText(program.maxRedeemedPercentage)} del pedido.</li>
      ) : null}
    </ul>
  );
}

function History({ scope, phone, labelledBy }: { scope: AccountScope; phone: string; labelledBy: string }) {
  const query = useInfiniteQuery(accountQueries.history(scope.branchId, phone));
  if (query.isPending) return <HistorySkeleton />;
  if (query.isError)
    return (
      <p className="account-empty" role="alert">
        {isSignedOutError(query.error) ? MESSAGES.loginRequired : NO_MOVEMENTS}
      </p>
    );
  const rows = query.data.pages.flat();
  if (rows.length === 0) return <p className="account-empty">{NO_MOVEMENTS}</p>;
  return (
    <>
      <ul className="account-history" aria-labelledby={labelledBy}>
        {rows.map((row, index) => (
          // rows have no id of their own; the list only grows at its end
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only pages
          <HistoryRow key={index} row={row} timeZone={scope.timeZone} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMoreButton
          label="Ver más"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      ) : null}
    </>
  );
}

function HistoryRow({ row, timeZone }: { row: LoyaltyHistoryRow; timeZone: string }) {
  return (
    <li className="account-history__row">
      <div>
        <p className="account-history__title">{historyRowTitle(row)}</p>
        <p className="account-history__date">{localDateTime(row.createdAt, timeZone)}</p>
      </div>
      <div className="account-history__amounts">
        <p className={`account-history__amount account-history__amount--${row.amount < 0 ? 'out' : 'in'}`}>
          {signedPoints(row.amount)}
        </p>
        <p className="account-history__balance">Saldo {groupThousands(row.postBalance)}</p>
      </div>
    </li>
  );
}

export function BalanceSkeleton() {
  return (
    <LoadingRegion>
      <div className="account-points">
        <Skeleton width="30%" height={14} />
        <Skeleton width="60%" height={36} />
        <Skeleton width="80%" height={14} />
      </div>
      <HistorySkeleton />
    </LoadingRegion>
  );
}

function HistorySkeleton() {
  return (
    <ul className="account-history" aria-hidden="true">
      {[0, 1, 2, 3].map((index) => (
        <li key={index} className="account-history__row">
          <Skeleton width="55%" height={16} />
          <Skeleton width="20%" height={16} />
        </li>
      ))}
    </ul>
  );
}
