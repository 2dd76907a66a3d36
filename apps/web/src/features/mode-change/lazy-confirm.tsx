import { lazy, Suspense } from 'react';
import type { ConfirmModalProps } from '../../ui/confirm-modal.tsx';

const ConfirmModal = lazy(() =>
  import('../../ui/confirm-modal.tsx').then((module) => ({ default: module.ConfirmModal })),
);

/** The confirmation dialog, downloaded the first time one is needed. */
export function LazyConfirmModal(props: ConfirmModalProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
