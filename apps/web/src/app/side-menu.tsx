import { DINER_SESSION_MESSAGES, defaultPhoneCountry, formatPhoneForDisplay, MESSAGES } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../api/api.ts';
import { checkoutQueries } from '../features/checkout/checkout-queries.ts';
import { useDinerAccountActions } from '../features/diner-session/account-actions.tsx';
import { useDinerSession, useSignOut } from '../features/diner-session/use-diner-session.ts';
import { Button } from '../ui/button.tsx';
import { IconReceipt, IconStar, IconUser } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAliasEntity } from './use-alias-entity.ts';
import './side-menu.css';

// the sign-in form (phone, code) loads only once the menu is open to a diner who is not signed in
const loadSignInModal = () => import('../features/diner-session/sign-in-modal.tsx');
const SignInModal = lazy(loadSignInModal);

const SOON = 'Muy pronto vas a poder verlo acá.';

/** '¡Hola Lucía!' with the first name she gave this business, else '¡Hola!'. */
function greetingOf(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `¡Hola ${first}!` : '¡Hola!';
}

/**
 * The side user menu (post-order-and-logistics.md): the sign-in button, a greeting, 'Mis pedidos',
 * 'Mis {programa}' (programme active and diner signed in) and 'Cerrar sesión' (signed in). What needs a
 * session says 'Inicie sesión' to a diner who has none.
 */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const showToast = useToast();
  const { alias } = useParams();
  const { alias: entity, branch } = useAliasEntity(alias);
  const branchId = branch?.id ?? null;
  const session = useDinerSession(branchId);
  const signOut = useSignOut();
  const { onOpenOrders, onOpenLoyalty } = useDinerAccountActions();
  const [signInOpen, setSignInOpen] = useState(false);
  const [signInLoaded, setSignInLoaded] = useState(false);
  const program = useQuery({
    ...checkoutQueries.loyaltyProgram(branchId ?? 0),
    enabled: branchId !== null && session.isSignedIn,
  });
  const activeProgram = program.data && 'name' in program.data && program.data.active ? program.data : null;
  const country = defaultPhoneCountry(entity?.type === 'branchContact' ? entity.info.country : null);
  const maySignIn = open && !session.isPending && !session.isSignedIn;

  useEffect(() => {
    if (maySignIn) void loadSignInModal();
  }, [maySignIn]);

  function openSignIn() {
    setSignInLoaded(true);
    setSignInOpen(true);
  }

  function openOrders() {
    if (!session.isSignedIn) showToast(MESSAGES.loginRequired);
    else if (onOpenOrders) onOpenOrders();
    else showToast(SOON);
  }

  function openLoyalty() {
    if (!session.isSignedIn) showToast(MESSAGES.loginRequired);
    else if (onOpenLoyalty) onOpenLoyalty();
    else showToast(SOON);
  }

  function logOut() {
    signOut.mutate(undefined, {
      onSuccess: () => showToast(DINER_SESSION_MESSAGES.signedOut),
      onError: (error) => showToast(isApiError(error) ? error.message : MESSAGES.genericRetry),
    });
  }

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title={session.isPending ? '¡Hola!' : greetingOf(session.diner?.name)}
        variant="drawer"
      >
        <div className="side-menu">
          <span className="side-menu__avatar">
            <IconUser size={28} />
          </span>
          {session.isPending ? (
            <div className="side-menu__loading" aria-hidden="true">
              <Skeleton width="80%" height={18} />
              <Skeleton width="100%" height={48} />
            </div>
          ) : session.diner ? (
            <p className="side-menu__lead">
              Iniciaste sesión con el{' '}
              <strong className="side-menu__phone">{formatPhoneForDisplay(session.diner.phone)}</strong>
            </p>
          ) : (
            <>
              <p className="side-menu__lead">Ingresá con tu teléfono para ver tus pedidos y beneficios.</p>
              <Button block onClick={openSignIn} aria-haspopup="dialog">
                {MESSAGES.signIn}
              </Button>
            </>
          )}
          <nav aria-label="Mi cuenta" className="side-menu__nav">
            <button type="button" className="side-menu__item" onClick={openOrders}>
              <IconReceipt />
              {MESSAGES.myOrders}
            </button>
            {session.isSignedIn && activeProgram ? (
              <button type="button" className="side-menu__item" onClick={openLoyalty}>
                <IconStar />
                {MESSAGES.myLoyaltyProgram(activeProgram.name)}
              </button>
            ) : null}
            {session.isSignedIn ? (
              <button
                type="button"
                className="side-menu__item side-menu__item--quiet"
                onClick={logOut}
                disabled={signOut.isPending}
              >
                {DINER_SESSION_MESSAGES.signOut}
              </button>
            ) : null}
          </nav>
        </div>
      </Modal>
      {signInLoaded ? (
        <Suspense fallback={null}>
          <SignInModal
            open={signInOpen}
            onClose={() => setSignInOpen(false)}
            branchId={branchId}
            defaultCountry={country}
          />
        </Suspense>
      ) : null}
    </>
  );
}
