import { useEffect, useState } from 'react';
import InstallModal from './install-modal.tsx';
import { clearOpenRequest, type InstallKind, markOfferedFor } from './install-state.ts';

/** While another modal is open, the offer checks again this often. */
const MODAL_RECHECK_MS = 1000;

function isAnotherModalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

export interface InstallOfferProps {
  alias: string | null;
  kind: InstallKind | null;
  /** The once-per-alias offer is due now. */
  autoOpen: boolean;
  /** openInstallPrompt() was called. */
  requested: boolean;
  businessName: string | null;
}

/** Opens the install modal when the offer is due (waiting for other modals) or openInstallPrompt() asked. */
export default function InstallOffer({ alias, kind, autoOpen, requested, businessName }: InstallOfferProps) {
  const [shown, setShown] = useState<InstallKind | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!autoOpen || !alias || !kind || shown) return;
    let timer: ReturnType<typeof setTimeout>;
    function attempt() {
      if (!alias || !kind) return;
      if (isAnotherModalOpen() || document.visibilityState !== 'visible') {
        timer = setTimeout(attempt, MODAL_RECHECK_MS);
        return;
      }
      markOfferedFor(alias);
      setShown(kind);
      setOpen(true);
    }
    attempt();
    return () => clearTimeout(timer);
  }, [autoOpen, alias, kind, shown]);

  useEffect(() => {
    if (!requested) return;
    clearOpenRequest();
    if (!kind) return;
    if (alias) markOfferedFor(alias);
    setShown(kind);
    setOpen(true);
  }, [requested, kind, alias]);

  if (!shown) return null;
  return <InstallModal open={open} kind={shown} businessName={businessName} onClose={() => setOpen(false)} />;
}
