import { DEFAULT_MAP_CENTER, MESSAGES } from '@comanda/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconClose, IconLocate, IconSearch } from '../../ui/icons.tsx';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { CardListSkeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useGeolocation } from '../branch-select/use-geolocation.ts';
import { GuideCard } from './guide-card.tsx';
import { guideQueries } from './guide-queries.ts';
import { guideTitle } from './guide-title.ts';
import '../branch-select/cards.css';
import './guide.css';

/** The spec's branch search debounce. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * `/menu`: the public guide. Shops nearest the diner first once 'Ingresar Ubicación' gets the device's
 * position; before that (or when it is refused) measured from the storefront's default centre, without
 * distances on the cards. The search box narrows by name, code (alias) or address.
 */
export function GuidePage() {
  const showToast = useToast();
  const titleId = useId();
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const onLocationError = useCallback(() => showToast(MESSAGES.geolocationFailed), [showToast]);
  const geolocation = useGeolocation(onLocationError);
  const located = geolocation.coords !== null;
  const origin = geolocation.coords ?? DEFAULT_MAP_CENTER;

  const list = useInfiniteQuery({
    ...guideQueries.near(origin, search),
    // the previous cards stay while a new search or location loads, instead of flashing skeletons
    placeholderData: keepPreviousData,
  });
  // the title's city comes from the nearest shop of all, whatever the search box holds
  const around = useInfiniteQuery({ ...guideQueries.near(origin, ''), enabled: located });
  const nearest = around.data?.pages[0]?.commerces[0]?.branchContact;

  // the spec: a failed guide fetch shows its message as a toast
  const { error, errorUpdatedAt } = list;
  useEffect(() => {
    if (error && errorUpdatedAt) showToast(error.message);
  }, [error, errorUpdatedAt, showToast]);

  const contacts = list.data?.pages.flatMap((page) => page.commerces.map((c) => c.branchContact)) ?? [];
  const locating = geolocation.status === 'loading';

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // the list follows the typing already: Enter only closes the phone's keyboard
    (document.activeElement as HTMLElement | null)?.blur();
  }

  return (
    <section className="page guide" aria-labelledby={titleId}>
      <header className="guide__header">
        <h1 id={titleId} className="page-title">
          {guideTitle(located, nearest)}
        </h1>
        {located ? null : (
          <p className="page-lead">Ingresá tu ubicación para ver primero los locales más cercanos.</p>
        )}
      </header>
      <div className="guide__controls">
        <search>
          <form className="guide-search" onSubmit={submitSearch}>
            <label htmlFor={searchId} className="sr-only">
              {MESSAGES.searchBranch}
            </label>
            <IconSearch className="guide-search__icon" size={20} />
            <input
              id={searchId}
              className="text-input guide-search__input"
              type="search"
              placeholder="Buscar por nombre o código"
              autoComplete="off"
              enterKeyHint="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </form>
        </search>
        {located ? (
          <p className="guide__location">
            <span>Mostrando los locales más cercanos a tu ubicación.</span>
            <button type="button" className="text-button" onClick={geolocation.clear}>
              <IconClose size={16} />
              Quitar
            </button>
          </p>
        ) : (
          <Button
            variant="secondary"
            block
            onClick={geolocation.locate}
            disabled={locating}
            aria-busy={locating}
          >
            <IconLocate size={20} />
            {locating ? 'Buscando tu ubicación…' : MESSAGES.enterLocation}
          </Button>
        )}
      </div>
      <h2 className="sr-only">Locales</h2>
      {list.isPending ? <CardListSkeleton count={4} /> : null}
      {list.isError && contacts.length === 0 ? (
        <div className="empty-note">
          <p>No pudimos cargar los locales.</p>
          <Button variant="ghost" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : null}
      {list.isSuccess && contacts.length === 0 ? (
        <p className="empty-note">No encontramos locales para tu búsqueda.</p>
      ) : null}
      <ul
        className={`card-list guide__list${list.isPlaceholderData ? ' guide__list--stale' : ''}`}
        aria-busy={list.isFetching}
      >
        {contacts.map((contact) => (
          <li key={contact.alias}>
            <GuideCard contact={contact} showDistance={located} />
          </li>
        ))}
      </ul>
      {list.isFetchingNextPage ? <CardListSkeleton count={2} /> : null}
      {list.hasNextPage && !list.isPlaceholderData ? (
        <LoadMoreButton
          label="Ver más locales"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        />
      ) : null}
    </section>
  );
}
