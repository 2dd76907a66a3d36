import type { BankTransferInfo } from '@comanda/core';
import { lazy, Suspense } from 'react';
import { Skeleton } from './skeleton.tsx';

/**
 * The transfer details (bank-transfer.tsx) are downloaded when a screen first shows them: only orders
 * paid by transfer need them, so the checkout's and the follow-up's first JS do not carry them.
 */
export const loadBankTransferCard = () => import('./bank-transfer.tsx');

const Card = lazy(() => loadBankTransferCard().then((m) => ({ default: m.BankTransferCard })));

/**
 * BankTransferCard, with a placeholder of its size while its code downloads (278 px for an alias, a
 * CBU and a holder at a phone's width; its 12 px top margin too), so nothing below it jumps.
 */
export function LazyBankTransferCard(props: { info: BankTransferInfo; amount: string }) {
  return (
    <Suspense
      fallback={
        <div style={{ marginTop: 12 }}>
          <Skeleton height={278} radius={12} />
        </div>
      }
    >
      <Card {...props} />
    </Suspense>
  );
}
