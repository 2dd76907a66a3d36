/**
 * Around the side menu: provides what its signed-in entries open ('Mis pedidos', 'Mis {program name}',
 * through the diner session's DinerAccountActions) and renders those modals, each a lazy chunk of its own.
 * Loaded with the side menu, never with the storefront's first JS.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { dinerQueries } from '../../api/queries.ts';
import { DinerAccountActionsProvider } from '../diner-session/account-actions.tsx';
import { useDinerSession } from '../diner-session/use-diner-session.ts';

const MyOrdersModal = lazy(() => import('./my-orders-modal.tsx'));
const LoyaltyModal = lazy(() => import('./loyalty-modal.tsx'));

type Open = 'orders' | 'loyalty' | null;

export default function DinerAccountLayer({
  alias,
  onLeave,
  children,
}: {
  alias: string | undefined;
  /** The diner goes to another screen from a modal (an order's follow-up, the cart): the menu closes too. */
  onLeave: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<Open>(null);
  // the same session answer as the side menu's (asked with the branch on screen)
  const entity = useQuery({ ...dinerQueries.alias(alias ?? ''), enabled: Boolean(alias) }).data;
  const branchId =
    entity?.type === 'branch'
      ? entity.info.id
      : entity?.type === 'branchContact'
        ? entity.info.branch.id
        : null;
  const { diner } = useDinerSession(branchId);
  const actions = useMemo(
    () => ({ onOpenOrders: () => setOpen('orders'), onOpenLoyalty: () => setOpen('loyalty') }),
    [],
  );
  const close = () => setOpen(null);
  const leave = () => {
    setOpen(null);
    onLeave();
  };
  const phone = diner?.phone ?? null;
  return (
    <DinerAccountActionsProvider value={actions}>
      {children}
      {alias && phone && open === 'orders' ? (
        <Suspense fallback={null}>
          <MyOrdersModal open onClose={close} onLeave={leave} phone={phone} alias={alias} />
        </Suspense>
      ) : null}
      {alias && phone && open === 'loyalty' ? (
        <Suspense fallback={null}>
          <LoyaltyModal open onClose={close} phone={phone} alias={alias} />
        </Suspense>
      ) : null}
    </DinerAccountActionsProvider>
  );
}
