/**
 * What the checkout needs only after a tap: its modals (address, code, points, confirmations), the
 * placement (place-order.ts), the declined-payment screen and the transfer details ('Transferencia').
 * Each loads when first needed, and all of them on the diner's first touch, key or focus on the page,
 * so the first load is the form alone
 * (issue 16: every diner page within 150 KB gzip of initial JS).
 */
import { lazy, useEffect, useState } from 'react';
import { loadBankTransferCard } from '../../ui/bank-transfer-lazy.tsx';

const loaders = {
  placeOrder: () => import('./place-order.ts'),
  addressModal: () => import('./address-modal.tsx'),
  codeModal: () => import('./code-modal.tsx'),
  pointsModal: () => import('./points-modal.tsx'),
  orderConfirmModal: () => import('./order-confirm-modal.tsx'),
  dropCodeConfirm: () => import('./drop-code-confirm.tsx'),
  paymentDeclined: () => import('./payment-declined.tsx'),
  missingFields: () => import('./missing-fields.tsx'),
  bankTransferCard: loadBankTransferCard,
};

export const loadPlaceOrder = loaders.placeOrder;
/** The redirect customisation after a refused code comes with the code modal (code-modal.tsx). */
export const loadCustomRedirect = loaders.codeModal;
export const AddressModal = lazy(() => loaders.addressModal().then((m) => ({ default: m.AddressModal })));
export const CodeModal = lazy(() => loaders.codeModal().then((m) => ({ default: m.CodeModal })));
export const PointsModal = lazy(() => loaders.pointsModal().then((m) => ({ default: m.PointsModal })));
export const OrderConfirmModal = lazy(() =>
  loaders.orderConfirmModal().then((m) => ({ default: m.OrderConfirmModal })),
);
export const DropCodeConfirm = lazy(() =>
  loaders.dropCodeConfirm().then((m) => ({ default: m.DropCodeConfirm })),
);
export const PaymentDeclined = lazy(() =>
  loaders.paymentDeclined().then((m) => ({ default: m.PaymentDeclined })),
);

export const MissingFields = lazy(() => loaders.missingFields().then((m) => ({ default: m.MissingFields })));

const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;

/** Downloads every lazy part once the diner first touches, types or focuses anything on the page. */
export function usePrefetchOnFirstTouch(): void {
  useEffect(() => {
    const stop = () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, prefetch, true);
    };
    function prefetch() {
      stop();
      // a failed download is tried again when the part is needed
      for (const load of Object.values(loaders)) load().catch(() => {});
    }
    for (const type of FIRST_TOUCH) window.addEventListener(type, prefetch, { capture: true, passive: true });
    return stop;
  }, []);
}

/** True from the first time `open` is: a lazy modal then stays mounted, so its closing animation plays. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
