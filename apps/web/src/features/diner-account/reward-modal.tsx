/**
 * The loyalty reward sign-up (post-order-and-logistics.md sections 2, 4, 5 and 8), opened by a storefront
 * link carrying `?loyaltyReward={id}`. The diner gives name, phone and e-mail; the reward's points are
 * credited once, and on success the page reloads without the query string. Points go only to a phone its
 * owner proved: the sign-up asks to sign in first ('Inicie sesión').
 */
import {
  defaultPhoneCountry,
  formatPhoneForDisplay,
  groupThousands,
  MESSAGES,
  rewardClaimFailureMessage,
  rewardSignUpError,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useDinerSession } from '../diner-session/use-diner-session.ts';
import { getEntry } from '../entry-links/entry-store.ts';
import { getStoredCustomer } from '../entry-links/stored-customer.ts';
import { accountQueries, claimReward } from './account-queries.ts';
import { type AccountScope, useAccountScope } from './account-scope.ts';
import { REWARD_CLAIMED_FLASH_KEY, urlWithoutQuery } from './reward-link-params.ts';
import './diner-account.css';

export interface RewardModalProps {
  rewardId: number;
  /** The storefront alias on screen. */
  alias: string;
  onClose: () => void;
}

// the diner session's own sign-in form (phone, then the one-time code)
const SignInModal = lazy(() => import('../diner-session/sign-in-modal.tsx'));

const REWARD_TITLE = 'Tu premio';
const REWARD_UNAVAILABLE = 'Este premio no existe o ya no está disponible.';
export const CLAIM_REWARD = 'Obtener premio';

export default function RewardModal({ rewardId, alias, onClose }: RewardModalProps) {
  const { scope, isPending: scopePending } = useAccountScope(alias);
  const [signingIn, setSigningIn] = useState(false);
  const session = useDinerSession(scope?.branchId ?? null);
  const reward = useQuery(accountQueries.reward(rewardId));
  const loading = scopePending || session.isPending || reward.isPending;
  const title = reward.data?.active
    ? `Suma ${groupThousands(reward.data.reward)} ${reward.data.programName ?? 'puntos'}`
    : REWARD_TITLE;

  let body: ReactNode;
  if (loading) body = <RewardSkeleton />;
  else if (!reward.data?.active || !scope || !rewardFitsScope(reward.data, scope))
    body = <p className="account-empty">{REWARD_UNAVAILABLE}</p>;
  else if (!session.diner)
    body = (
      <div className="account-reward__signed-out">
        <p className="account-reward__lead" role="alert">
          {MESSAGES.loginRequired}
        </p>
        <p>
          Ingresá con tu teléfono para sumar este premio a tus puntos. Cada teléfono lo recibe una sola vez.
        </p>
        <Button block onClick={() => setSigningIn(true)} aria-haspopup="dialog">
          {MESSAGES.signIn}
        </Button>
      </div>
    );
  else if (reward.data.done)
    body = (
      <p className="account-empty" role="status">
        {MESSAGES.loyaltyRewardAlreadyClaimed}
      </p>
    );
  else
    body = (
      <RewardForm
        scope={scope}
        rewardId={rewardId}
        sessionPhone={session.diner.phone}
        sessionName={session.diner.name}
        points={reward.data.reward}
        programName={reward.data.programName ?? 'puntos'}
      />
    );

  return (
    <>
      <Modal open onClose={onClose} title={title} className="account-modal">
        {body}
      </Modal>
      {signingIn && scope ? (
        <Suspense fallback={null}>
          <SignInModal
            open={!session.isSignedIn}
            onClose={() => setSigningIn(false)}
            branchId={scope.branchId}
            defaultCountry={defaultPhoneCountry(scope.country)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function rewardFitsScope(reward: { branchId: number; branchContactId: number | null }, scope: AccountScope) {
  return (
    reward.branchId === scope.branchId &&
    (reward.branchContactId === null || reward.branchContactId === scope.branchContactId)
  );
}

function RewardForm({
  scope,
  rewardId,
  sessionPhone,
  sessionName,
  points,
  programName,
}: {
  scope: AccountScope;
  rewardId: number;
  sessionPhone: string;
  sessionName: string | null;
  points: number;
  programName: string;
}) {
  const stored = getStoredCustomer();
  const [name, setName] = useState(sessionName ?? stored.customerName);
  const [phone, setPhone] = useState(() => formatPhoneForDisplay(sessionPhone));
  const [email, setEmail] = useState(stored.customerEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { name: useId(), phone: useId(), email: useId(), problem: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const fields = { name, phone, email };
    const invalid = rewardSignUpError(fields, scope.country);
    setProblem(invalid);
    if (invalid) return;
    setSending(true);
    try {
      await claimReward(sessionPhone, {
        ...fields,
        branchId: scope.branchId,
        branchContactId: scope.branchContactId,
        loyaltyRewardId: rewardId,
        acquisitionChannel: getEntry().acquisitionChannel,
      });
      try {
        sessionStorage.setItem(
          REWARD_CLAIMED_FLASH_KEY,
          `¡Listo! Sumaste ${groupThousands(points)} ${programName}.`,
        );
      } catch {
        // without storage the reload still shows the new balance
      }
      // the spec: on success the page reloads without the query string
      location.replace(urlWithoutQuery(location));
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) setProblem(MESSAGES.loginRequired);
      else
        setProblem(
          rewardClaimFailureMessage(isApiError(error) ? error : { code: 'UNKNOWN', message: String(error) }),
        );
    }
  }

  return (
    <form className="account-reward" onSubmit={(event) => void submit(event)} noValidate>
      <p className="account-reward__lead">
        Completa tus datos y suma <strong>{groupThousands(points)}</strong> {programName} para tus próximos
        pedidos.
      </p>
      <label className="account-field" htmlFor={ids.name}>
        <span className="field-label">{MESSAGES.fullNameLabel}</span>
        <input
          id={ids.name}
          className="text-input"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="account-field" htmlFor={ids.phone}>
        <span className="field-label">Teléfono</span>
        <input
          id={ids.phone}
          className="text-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </label>
      <label className="account-field" htmlFor={ids.email}>
        <span className="field-label">Email</span>
        <input
          id={ids.email}
          className="text-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {problem ? (
        <p id={ids.problem} className="account-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block disabled={sending} aria-busy={sending}>
        {sending ? 'Enviando…' : CLAIM_REWARD}
      </Button>
    </form>
  );
}

function RewardSkeleton() {
  return (
    <LoadingRegion>
      <div className="account-reward">
        <Skeleton width="85%" height={18} />
        <Skeleton width="100%" height={48} />
        <Skeleton width="100%" height={48} />
        <Skeleton width="100%" height={48} />
      </div>
    </LoadingRegion>
  );
}
