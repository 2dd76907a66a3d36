import { MESSAGES } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { IconChevronRight } from '../../ui/icons.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { formatAddressLine } from '../branch-select/address-line.ts';
import { cartActions, useStoredCart } from '../cart/cart-store.ts';
import { useCartGuard } from '../mode-change/use-cart-guard.tsx';
import { useModeChange } from '../mode-change/use-mode-change.tsx';
import { StatusFromError, StatusScreen } from '../status/status-screen.tsx';
import { autoSelectedMode, isHashSelection, setHashSelection } from './auto-select.ts';
import { ModeIcon } from './mode-icon.tsx';
import { MODE_DESCRIPTIONS, modePath } from './mode-labels.ts';
import './order-mode-select.css';

export const ORDER_MODE_SELECT_TITLE = '¿Qué menú querés ver?';

function modeStatus(mode: OrderMode): string | null {
  if (!mode.orderEnabled) return 'Solo menú';
  if (mode.openNow && mode.nowEnabled) return null;
  return mode.canSchedule ? 'Programá tu pedido' : MESSAGES.closed;
}

/** Branch-contact alias: the active order modes as large buttons, each opening its menu. */
export function OrderModeSelect({ contact }: { contact: BranchContact }) {
  const { search, hash } = useLocation();
  const navigate = useStableNavigate();
  const blocked = contact.commercialTermsInfo.blocked;
  const query = useQuery({ ...dinerQueries.orderModes(contact.id), enabled: !blocked });
  const modes = (query.data ?? []).filter((mode) => mode.active);
  // a cart of another shop is asked about before anything opens
  const guard = useCartGuard({ contact, modes, mode: null, menuHash: undefined });
  const modeChange = useModeChange(contact, modes);
  const [hashSelection] = useState(isHashSelection);
  // the store takes this alias once no other shop's cart stands in the way (the guard asks about it)
  const storedAlias = useStoredCart().alias;
  const free = guard.conflict === null;
  useEffect(() => {
    // this alias's (empty) cart: another shop's empty one gives way
    if (free && storedAlias !== contact.alias) cartActions.clear(contact.alias);
  }, [free, storedAlias, contact.alias]);
  // the flag is spent here: coming back to this screen lists the modes
  useEffect(() => () => setHashSelection(false), []);
  const adopting = free && storedAlias !== contact.alias;
  const target =
    query.isSuccess && free
      ? autoSelectedMode(modes, { hash, hashSelection, aliasStored: storedAlias === contact.alias })
      : undefined;

  useEffect(() => {
    if (target) navigate(modePath(contact.alias, target.showName, search), { replace: true });
  }, [target, contact.alias, search, navigate]);

  if (blocked) return <StatusScreen kind="blocked" />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isSuccess && modes.length === 0) return <StatusScreen kind="inactive" />;

  return (
    <section className="page order-mode-select" aria-labelledby="order-mode-title">
      <h1 id="order-mode-title" className="page-title">
        {ORDER_MODE_SELECT_TITLE}
      </h1>
      <p className="page-lead order-mode-select__lead">
        <strong>{contact.name}</strong>
        <span>{formatAddressLine(contact.address)}</span>
        {!contact.open ? <span className="tag tag--closed">{MESSAGES.closed}</span> : null}
      </p>
      {query.isPending || target || adopting ? (
        <LoadingRegion>
          <div className="mode-list">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={84} radius={12} />
            ))}
          </div>
        </LoadingRegion>
      ) : (
        <ul className="mode-list">
          {modes.map((mode) => {
            const status = modeStatus(mode);
            return (
              <li key={mode.id}>
                <Link
                  className="mode-button"
                  to={modePath(contact.alias, mode.showName, search)}
                  onClick={(event) => modeChange.onSelect(event, mode)}
                >
                  <span className="mode-button__icon">
                    <ModeIcon type={mode.type} size={28} />
                  </span>
                  <span className="mode-button__text">
                    <span className="mode-button__name">{mode.showName}</span>
                    <span className="mode-button__description">{MODE_DESCRIPTIONS[mode.type]}</span>
                    {status ? <span className="tag mode-button__status">{status}</span> : null}
                  </span>
                  <IconChevronRight className="mode-button__chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {guard.dialog}
      {modeChange.dialog}
    </section>
  );
}
