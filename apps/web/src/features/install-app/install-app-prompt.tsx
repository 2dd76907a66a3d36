/**
 * Offers to install the storefront: at most once per alias, never in the visit's first seconds, never
 * over another modal, not during checkout or the follow-up, and not when already installed. This gate
 * is all the first paint carries; the offer and its modal are a lazy chunk loaded when they are due.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { installKind, isOpenRequested, subscribeInstall, wasOfferedFor } from './install-state.ts';

const InstallOffer = lazy(() => import('./install-offer.tsx'));

/** The visit's first moments belong to the menu: the offer waits at least this long after navigation start. */
export const INSTALL_PROMPT_DELAY_MS = 3000;

function isOfferPath(pathname: string): boolean {
  return !/\/(checkout|order)(\/|$)/.test(pathname);
}

export interface InstallAppPromptProps {
  /** Branch or branch-contact alias whose manifest is linked; null while unknown. */
  alias: string | null;
  businessName: string | null;
}

export function InstallAppPrompt({ alias, businessName }: InstallAppPromptProps) {
  const { pathname } = useLocation();
  const kind = useSyncExternalStore(subscribeInstall, installKind, () => null);
  const requested = useSyncExternalStore(subscribeInstall, isOpenRequested, () => false);
  const [due, setDue] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), Math.max(0, INSTALL_PROMPT_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, []);

  const offer = Boolean(alias && kind && due && isOfferPath(pathname) && !wasOfferedFor(alias));
  // once loaded, the offer stays mounted so its modal can animate out and openInstallPrompt() works
  useEffect(() => {
    if (offer || (requested && kind)) setLoaded(true);
  }, [offer, requested, kind]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <InstallOffer
        alias={alias}
        kind={kind}
        autoOpen={offer}
        requested={requested}
        businessName={businessName}
      />
    </Suspense>
  );
}
