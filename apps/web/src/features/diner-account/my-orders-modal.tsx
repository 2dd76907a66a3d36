/**
 * 'Mis pedidos' (post-order-and-logistics.md section 2): the signed-in diner's orders at this branch,
 * newest first, 10 at a time ('Ver más'), each linking to its follow-up and offering 'Repetir pedido'.
 * The spec's fallback: a list that fails reads as empty.
 */
import { localDateTime, MESSAGES } from '@comanda/core';
import type { DinerOrder } from '@comanda/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { IconReceipt } from '../../ui/icons.tsx';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { CurrencyProvider, Money } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { accountQueries, isSignedOutError } from './account-queries.ts';
import { type AccountScope, useAccountScope } from './account-scope.ts';
import {
  dinerOrderPaymentLabel,
  dinerOrderStatusLabel,
  dinerOrderTone,
  isMultiDelivery,
} from './order-labels.ts';
import { useReorder } from './use-reorder.ts';
import './diner-account.css';

export interface AccountModalProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in diner's phone (E.164), from the diner session. */
  phone: string;
  /** The storefront alias on screen (a branch contact's or a branch's). */
  alias: string;
  /** The diner leaves for another screen (a follow-up, the cart); onClose when not given. */
  onLeave?: () => void;
}

export const NO_ORDERS = 'Todavía no tenés pedidos en este local.';
export const REORDER = 'Repetir pedido';

export default function MyOrdersModal({ open, onClose, onLeave, phone, alias }: AccountModalProps) {
  const { scope, isPending } = useAccountScope(alias);
  return (
    <Modal open={open} onClose={onClose} title={MESSAGES.myOrders} className="account-modal">
      {scope ? (
        <OrdersList scope={scope} phone={phone} onLeave={onLeave ?? onClose} />
      ) : isPending ? (
        <OrdersSkeleton />
      ) : (
        <p className="account-empty">{NO_ORDERS}</p>
      )}
    </Modal>
  );
}

function OrdersList({ scope, phone, onLeave }: { scope: AccountScope; phone: string; onLeave: () => void }) {
  const currency = useContactCurrency(scope);
  const query = useInfiniteQuery(accountQueries.orders(phone, scope.branchContactId));
  const { reorder, pendingId } = useReorder(onLeave);

  if (query.isPending) return <OrdersSkeleton />;
  if (query.isError) {
    return (
      <p className="account-empty" role="alert">
        {isSignedOutError(query.error) ? MESSAGES.loginRequired : NO_ORDERS}
      </p>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0) {
    return (
      <div className="account-empty">
        <IconReceipt size={32} aria-hidden="true" />
        <p>{NO_ORDERS}</p>
      </div>
    );
  }
  return (
    <CurrencyProvider value={currency}>
      <ul className="account-list" aria-label={MESSAGES.myOrders}>
        {orders.map((order) => (
          <OrderRow
            key={order.id}
            order={order}
            onOpen={onLeave}
            onReorder={() => reorder(order)}
            reordering={pendingId === order.id}
            busy={pendingId !== null}
            showShop={order.branchContact.id !== scope.branchContactId}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMoreButton
          label="Ver más"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      ) : null}
    </CurrencyProvider>
  );
}

function OrderRow({
  order,
  onOpen,
  onReorder,
  reordering,
  busy,
  showShop,
}: {
  order: DinerOrder;
  onOpen: () => void;
  onReorder: () => void;
  reordering: boolean;
  busy: boolean;
  /** The order is of the branch's other shop: the row names it. */
  showShop: boolean;
}) {
  const tone = dinerOrderTone(order.status);
  const followUp = `/menu/${encodeURIComponent(order.branchContact.alias)}/order/${encodeURIComponent(order.code)}`;
  return (
    <li className="account-order">
      <div className="account-order__top">
        <div>
          <p className="account-order__date">
            {localDateTime(order.orderedAt, order.branchContact.timeZone)}
          </p>
          <p className="account-order__code">Pedido #{order.code}</p>
        </div>
        <span className={`account-chip account-chip--${tone}`}>{dinerOrderStatusLabel(order)}</span>
      </div>
      <p className="account-order__line">
        {order.orderModeName} · {order.address}
        {showShop ? ` · ${order.branchContact.name}` : ''}
      </p>
      <div className="account-order__facts">
        <strong className="account-order__total">
          <Money amount={order.total} />
        </strong>
        <span className="account-order__payment">{dinerOrderPaymentLabel(order)}</span>
        {isMultiDelivery(order) ? <span className="account-badge">{MESSAGES.multiDelivery}</span> : null}
      </div>
      <div className="account-order__actions">
        <Link className="button button--secondary" to={followUp} onClick={onOpen}>
          Ver pedido
        </Link>
        <Button variant="primary" onClick={onReorder} disabled={busy} aria-busy={reordering}>
          {reordering ? 'Agregando…' : REORDER}
        </Button>
      </div>
    </li>
  );
}

function OrdersSkeleton() {
  return (
    <LoadingRegion>
      <ul className="account-list">
        {[0, 1, 2].map((index) => (
          <li key={index} className="account-order">
            <Skeleton width="45%" height={14} />
            <Skeleton width="60%" height={18} />
            <Skeleton width="80%" height={14} />
            <Skeleton width="100%" height={44} />
          </li>
        ))}
      </ul>
    </LoadingRegion>
  );
}
