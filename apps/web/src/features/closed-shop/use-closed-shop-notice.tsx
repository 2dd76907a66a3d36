import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { type ClosedShopNotice, closedShopNoticeFor, takeFirstShowing } from './closed-shop-notice.ts';

const ClosedShopModal = lazy(() => import('./closed-shop-modal.tsx'));

/**
 * The closed-shop modal, once per session, when the mode cannot take an immediate order. `ready` holds
 * it back while another question (a cart conflict) is on screen.
 */
export function useClosedShopNotice({
  contact,
  mode,
  ready,
  onShowHours,
}: {
  contact: BranchContact;
  mode: OrderMode;
  ready: boolean;
  onShowHours: () => void;
}): ReactNode {
  const [shown, setShown] = useState<ClosedShopNotice | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!ready) return;
    const notice = closedShopNoticeFor(contact, mode);
    if (!notice || !takeFirstShowing(contact.alias)) return;
    setShown(notice);
    setOpen(true);
  }, [ready, contact, mode]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ClosedShopModal
        open={open}
        notice={shown}
        closure={contact.closure}
        onClose={() => setOpen(false)}
        onShowHours={onShowHours}
      />
    </Suspense>
  );
}
