import type { ConsoleStock } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { consoleApi } from './console-api.ts';
import { consoleQueries } from './console-queries.ts';
import {
  arrangeStock,
  outOfStockKeys,
  outOfStockSummary,
  type StockGroup,
  type StockItem,
  stockFailureText,
  withPlateStock,
} from './plate-stock.ts';

/**
 * 'Productos sin stock', in the shop settings: a switch per product of the contact's menus. A product
 * marked out of stock leaves the storefront's menu at once and orders holding it are refused (the server's
 * part); the switch moves before the answer, and goes back with a toast when the change does not save.
 */
export function StockSection({
  contactId,
  onUnauthorized,
}: {
  contactId: number;
  onUnauthorized: (error: unknown) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const stock = useQuery(consoleQueries.stock(contactId));
  const toggle = useStockToggle(contactId, onUnauthorized);

  // which rows go first is fixed when the list arrives and when the search changes, never by a switch
  const pinned = useRef<{ search: string; keys: ReadonlySet<string> } | null>(null);
  if (stock.data && pinned.current?.search !== search)
    pinned.current = { search, keys: outOfStockKeys(stock.data) };
  const groups = stock.data ? arrangeStock(stock.data, search, pinned.current?.keys ?? new Set()) : [];
  const outCount = stock.data ? outOfStockKeys(stock.data).size : 0;

  return (
    <section className="console-settings__section console-stock" aria-labelledby={headingId}>
      <h3 id={headingId} className="console-settings__heading">
        Productos sin stock
      </h3>
      <p className="console-switch__hint">
        Un producto sin stock sale del menú de la tienda al instante y no se puede pedir hasta que lo vuelvas
        a activar.
      </p>
      {stock.data ? (
        <>
          <p className="console-stock__summary" role="status">
            {outOfStockSummary(outCount)}
          </p>
          <div className="console-stock__search">
            <label className="field-label" htmlFor={searchId}>
              Buscar producto
            </label>
            <input
              id={searchId}
              className="text-input"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              placeholder="Ej.: flan"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {groups.length > 0 ? (
            groups.map((group) => (
              <StockGroupList key={group.key} group={group} busy={toggle.busy} onToggle={toggle.run} />
            ))
          ) : (
            <p className="console-stock__empty">
              {search.trim()
                ? `Ningún producto coincide con «${search.trim()}».`
                : 'Este local todavía no tiene productos en su menú.'}
            </p>
          )}
        </>
      ) : stock.isError ? (
        <div className="console-stock__problem">
          <p role="alert">No pudimos cargar los productos. {stock.error.message}</p>
          <button type="button" className="console-small-action" onClick={() => void stock.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <LoadingRegion label="Cargando productos…">
          <div className="console-stock__loading">
            <Skeleton height={48} radius={12} />
            <Skeleton height={56} radius={12} />
            <Skeleton height={56} radius={12} />
            <Skeleton height={56} radius={12} />
          </div>
        </LoadingRegion>
      )}
    </section>
  );
}

function StockGroupList({
  group,
  busy,
  onToggle,
}: {
  group: StockGroup;
  busy: ReadonlySet<string>;
  onToggle: (item: StockItem) => void;
}) {
  const headingId = useId();
  const isOutGroup = group.key === 'out';
  return (
    <div className={`console-stock__group${isOutGroup ? ' console-stock__group--out' : ''}`}>
      <h4 id={headingId} className="console-stock__title">
        {group.title}
      </h4>
      <ul className="console-stock__list" aria-labelledby={headingId}>
        {group.items.map((item) => (
          <li key={item.key}>
            <StockSwitch
              item={item}
              showCategory={isOutGroup}
              busy={busy.has(item.key)}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** On is out of stock: the switch's name says so ('Flan casero, sin stock'), and the row shows 'Sin stock'. */
function StockSwitch({
  item,
  showCategory,
  busy,
  onToggle,
}: {
  item: StockItem;
  showCategory: boolean;
  busy: boolean;
  onToggle: (item: StockItem) => void;
}) {
  const stateId = useId();
  return (
    <button
      type="button"
      role="switch"
      className={`console-switch console-stock__switch${item.partly ? ' console-stock__switch--partly' : ''}`}
      aria-checked={item.outOfStock}
      aria-busy={busy || undefined}
      aria-describedby={item.partly ? stateId : undefined}
      onClick={() => onToggle(item)}
    >
      <span className="console-stock__name">
        <span className="console-switch__label">
          {item.showName}
          <span className="sr-only">, sin stock</span>
        </span>
        {showCategory ? (
          <span className="console-stock__category" aria-hidden="true">
            {item.categoryName}
          </span>
        ) : null}
      </span>
      <span id={stateId} className="console-stock__state" aria-hidden={!item.partly || undefined}>
        {item.outOfStock ? 'Sin stock' : item.partly ? 'Sin stock en parte' : 'Disponible'}
      </span>
      <span className="console-switch__track" aria-hidden="true">
        <span className="console-switch__thumb" />
      </span>
    </button>
  );
}

/**
 * The switch's change, optimistic: the list shows it at once, the answers confirm it, and a failure puts
 * the plates back as they were and says so. A product whose change is on its way ignores more taps; the
 * others do not wait. A product on in part is turned fully out of stock.
 */
function useStockToggle(contactId: number, onUnauthorized: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const running = useRef(new Set<string>());
  const { queryKey } = consoleQueries.stock(contactId);

  const mark = (key: string, on: boolean) => {
    if (on) running.current.add(key);
    else running.current.delete(key);
    setBusy(new Set(running.current));
  };
  const show = (plateIds: readonly number[], outOfStock: boolean) =>
    queryClient.setQueryData<ConsoleStock>(queryKey, (stock) =>
      stock ? withPlateStock(stock, plateIds, outOfStock) : stock,
    );

  async function run(item: StockItem) {
    if (running.current.has(item.key)) return;
    mark(item.key, true);
    const outOfStock = !item.outOfStock;
    const before = queryClient.getQueryData<ConsoleStock>(queryKey);
    const wasOut = new Set(
      before?.categories.flatMap((category) =>
        category.plates.filter((plate) => plate.outOfStock).map((plate) => plate.id),
      ),
    );
    // a refetch on its way would put back the list as it was before the tap
    await queryClient.cancelQueries({ queryKey });
    show(item.plateIds, outOfStock);
    const results = await Promise.allSettled(
      item.plateIds.map((plateId) => consoleApi.setPlateStock(plateId, outOfStock)),
    );
    const failures: unknown[] = [];
    results.forEach((result, index) => {
      const plateId = item.plateIds[index] as number;
      if (result.status === 'fulfilled') show([result.value.id], result.value.outOfStock);
      else {
        show([plateId], wasOut.has(plateId));
        failures.push(result.reason);
      }
    });
    mark(item.key, false);
    const [failure] = failures;
    if (failure === undefined) return;
    if (isApiError(failure) && failure.status === 401) return onUnauthorized(failure);
    const reason = failure instanceof Error ? failure.message : '';
    showToast(stockFailureText(item.showName, outOfStock, reason, failures.length < results.length));
    // a plate that left the menu meanwhile (an import) leaves the list too
    if (isApiError(failure) && failure.status === 404) void queryClient.invalidateQueries({ queryKey });
  }

  return { busy, run: (item: StockItem) => void run(item) };
}
