import { MESSAGES } from '@comanda/core';
import type { Branch, GeocodedAddress, OrderModeType } from '@comanda/core/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { IconSearch } from '../../ui/icons.tsx';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { CardListSkeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { track } from '../analytics/track.ts';
import { streetLineOf } from '../checkout/address-queries.ts';
import { setHashSelection } from '../order-mode/auto-select.ts';
import { DEFAULT_MODE_LABELS, modeTypeFromHash, ORDER_MODE_TYPES } from '../order-mode/mode-labels.ts';
import { StatusFromError } from '../status/status-screen.tsx';
import { ContactCard } from './contact-card.tsx';
import { LocationPrompt } from './location-prompt.tsx';
import { ModeChips } from './mode-chips.tsx';
import { type Coordinates, useGeolocation } from './use-geolocation.ts';
import './branch-select.css';
import './cards.css';

/** The spec's branch search debounce. */
export const BRANCH_SEARCH_DEBOUNCE_MS = 500;

export const BRANCH_SELECT_TITLE = '¿Cómo querés recibir tu pedido?';

/** Branches whose askForLocation already asked in this page load: a refusal is not asked again. */
const askedForLocation = new Set<number>();

/** Branch alias: choose how to receive the order, where, and from which of the branch's shops. */
export function BranchSelect({ branch }: { branch: Branch }) {
  const { search, hash } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const searchId = useId();

  const selectedType = modeTypeFromHash(hash);
  const [searchText, setSearchText] = useState('');
  const [address, setAddress] = useState('');
  // the typed address, geocoded once the diner picks one of its suggestions
  const [addressPoint, setAddressPoint] = useState<Coordinates | null>(null);
  const debouncedSearch = useDebouncedValue(searchText.trim(), BRANCH_SEARCH_DEBOUNCE_MS);
  const onLocationError = useCallback(() => showToast(MESSAGES.geolocationFailed), [showToast]);
  const geolocation = useGeolocation(onLocationError);
  // the latest of the two says where the order goes: locating drops the address's point and back
  const coords = geolocation.coords ?? addressPoint;

  // unfiltered: which mode types exist, and whether there is exactly one shop to pick for the diner
  const all = useInfiniteQuery(dinerQueries.branchContacts(branch.id));
  const list = useInfiniteQuery({
    ...dinerQueries.branchContacts(branch.id, {
      lat: coords?.lat,
      lng: coords?.lng,
      search: debouncedSearch || undefined,
      orderModeType: selectedType,
    }),
    // the previous cards stay while a new search or location loads, instead of flashing skeletons
    placeholderData: keepPreviousData,
  });

  const allContacts = useMemo(() => all.data?.pages.flatMap((page) => page.branchContacts) ?? [], [all.data]);
  const contacts = list.data?.pages.flatMap((page) => page.branchContacts) ?? [];
  const onlyContact = all.data?.pages[0]?.total === 1 ? allContacts[0] : undefined;
  const autoSelect = onlyContact !== undefined && searchText === '';

  const types = useMemo(() => {
    const present = new Set(allContacts.flatMap((contact) => contact.deliveryConfig.orderModes));
    return ORDER_MODE_TYPES.filter((type) => present.has(type));
  }, [allContacts]);

  // the show names of one shop's modes stand for the branch's (they are set per branch in practice)
  const firstContactId = allContacts[0]?.id;
  const modes = useQuery({
    ...dinerQueries.orderModes(firstContactId ?? 0),
    enabled: firstContactId !== undefined && !autoSelect,
  });
  const labels = useMemo(() => {
    const names = { ...DEFAULT_MODE_LABELS };
    for (const mode of modes.data ?? []) names[mode.type] = mode.showName;
    return names;
  }, [modes.data]);

  // askForLocation (decision 021): the screen asks where the diner is as it opens, once per page load,
  // so the shops come nearest first with their distance; otherwise it waits for 'Usar mi ubicación'
  const { locate: locateNow } = geolocation;
  const askNow = branch.askForLocation && all.isSuccess && !autoSelect && !askedForLocation.has(branch.id);
  useEffect(() => {
    if (!askNow) return;
    askedForLocation.add(branch.id);
    locateNow();
  }, [askNow, branch.id, locateNow]);

  const hashSuffix = selectedType ? `#${selectedType}` : '';
  useEffect(() => {
    if (!autoSelect || !onlyContact) return;
    track('BRANCH_CONTACT_SELECT', { branchContactId: onlyContact.id, alias: onlyContact.alias, auto: true });
    // with a mode chosen here, the shop's mode screen opens it (the spec's hash-selection flag)
    setHashSelection(hashSuffix !== '');
    navigate(`/menu/${onlyContact.alias}${search}${hashSuffix}`, { replace: true });
  }, [autoSelect, onlyContact, navigate, search, hashSuffix]);

  function pickAddress(place: GeocodedAddress) {
    setAddress(streetLineOf(place));
    setAddressPoint({ lat: place.lat, lng: place.lng });
    geolocation.clear();
  }

  function locate() {
    setAddressPoint(null);
    geolocation.locate();
  }

  function toggleType(type: OrderModeType) {
    const next = selectedType === type ? '' : `#${type}`;
    navigate({ search, hash: next }, { replace: true, preventScrollReset: true });
  }

  if (all.isError) return <StatusFromError error={all.error} onRetry={() => void all.refetch()} />;

  return (
    <section className="page branch-select" aria-labelledby="branch-select-title">
      <h1 id="branch-select-title" className="page-title">
        {BRANCH_SELECT_TITLE}
      </h1>
      {all.isPending || autoSelect ? (
        <CardListSkeleton count={3} />
      ) : (
        <>
          <ModeChips types={types} labels={labels} selected={selectedType} onToggle={toggleType} />
          <LocationPrompt
            branchId={branch.id}
            address={address}
            onAddressChange={(text) => {
              setAddress(text);
              setAddressPoint(null);
            }}
            onPickAddress={pickAddress}
            status={geolocation.status}
            origin={geolocation.coords ? 'device' : addressPoint ? 'address' : null}
            onLocate={locate}
            onClearLocation={() => {
              geolocation.clear();
              setAddressPoint(null);
            }}
          />
          <div className="search-box">
            <label htmlFor={searchId} className="sr-only">
              {MESSAGES.searchBranch}
            </label>
            <IconSearch className="search-box__icon" size={20} />
            <input
              id={searchId}
              className="text-input search-box__input"
              type="search"
              placeholder={MESSAGES.searchBranch}
              autoComplete="off"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <h2 className="sr-only">Locales</h2>
          {list.isPending ? <CardListSkeleton count={3} /> : null}
          {list.isError ? (
            <StatusFromError error={list.error} onRetry={() => void list.refetch()} compact />
          ) : null}
          {list.isSuccess && contacts.length === 0 ? (
            <p className="empty-note">No encontramos locales para tu búsqueda.</p>
          ) : null}
          <ul className="card-list" aria-busy={list.isFetching}>
            {contacts.map((contact) => (
              <li key={contact.id}>
                <ContactCard
                  contact={contact}
                  to={`/menu/${contact.alias}${search}${hashSuffix}`}
                  deliverySelected={selectedType === 'DELIVERY'}
                  onSelect={() => {
                    setHashSelection(hashSuffix !== '');
                    track('BRANCH_CONTACT_SELECT', {
                      branchContactId: contact.id,
                      alias: contact.alias,
                      auto: false,
                    });
                  }}
                />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <LoadMoreButton
              label="Ver más locales"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
