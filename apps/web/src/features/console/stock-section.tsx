import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { consoleApi } from './console-api.ts';
import { consoleQueries } from './console-queries.ts';
import {
  arrangeStock,
  outOfStockIds,
  outOfStockSummary,
  type StockGroup,
  type StockPlate,
  stockFailureText,
  withPlateStock,
} from './plate-stock.ts';

/**
 * 'Productos sin stock', in the shop settings: a switch per plate of the contact's menus. A plate marked
 * out of stock leaves the storefront's menu at once and orders holding it are refused (the server's part);
 * the switch moves before the answer, and goes back with a toast when the change does not save.
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
  const toggle = usePlateStockToggle(contactId, onUnauthorized);

  // which rows go first is fixed when the list arrives and when the search changes, never by a switch
  const pinned = useRef<{ search: string; ids: ReadonlySet<number> } | null>(null);
  if (stock.data && pinned.current?.search !== search)
    pinned.current = { search, ids: outOfStockIds(stock.data) };
  const groups = stock.data ? arrangeStock(stock.data, search, pinned.current?.ids ?? new Set()) : [];
  const outCount = stock.data ? outOfStockIds(stock.data).size : 0;

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
            <Skeleton height={52} radius={12} />
            <Skeleton height={52} radius={12} />
            <Skeleton height={52} radius={12} />
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
  busy: ReadonlySet<number>;
  onToggle: (plate: StockPlate, outOfStock: boolean) => void;
}) {
  const headingId = useId();
  const isOutGroup = group.key === 'out';
  return (
    <div className={`console-stock__group${isOutGroup ? ' console-stock__group--out' : ''}`}>
      <h4 id={headingId} className="console-stock__title">
        {group.title}
      </h4>
      <ul className="console-stock__list" aria-labelledby={headingId}>
        {group.plates.map((plate) => (
          <li key={plate.id}>
            <PlateSwitch
              plate={plate}
              category={isOutGroup ? plate.categoryName : null}
              busy={busy.has(plate.id)}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** On is out of stock: the switch's name says so ('Flan, sin stock'), and the row shows 'Sin stock'. */
function PlateSwitch({
  plate,
  category,
  busy,
  onToggle,
}: {
  plate: StockPlate;
  category: string | null;
  busy: boolean;
  onToggle: (plate: StockPlate, outOfStock: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      className="console-switch console-stock__switch"
      aria-checked={plate.outOfStock}
      aria-busy={busy || undefined}
      onClick={() => onToggle(plate, !plate.outOfStock)}
    >
      <span className="console-stock__name">
        <span className="console-switch__label">
          {plate.showName}
          <span className="sr-only">, sin stock</span>
        </span>
        {category ? (
          <span className="console-stock__category" aria-hidden="true">
            {category}
          </span>
        ) : null}
      </span>
      <span className="console-stock__state" aria-hidden="true">
        {plate.outOfStock ? 'Sin stock' : 'Disponible'}
      </span>
      <span className="console-switch__track" aria-hidden="true">
        <span className="console-switch__thumb" />
      </span>
    </button>
  );
}

/**
 * The switch's change, optimistic: the list shows it at once, the answer confirms it, and a failure puts
 * the plate back and says so. A plate whose change is on its way ignores more taps; others do not wait.
 */
function usePlateStockToggle(contactId: number, onUnauthorized: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const running = useRef(new Set<number>());
  const { queryKey } = consoleQueries.stock(contactId);

  const settle = (plateId: number) => {
    running.current.delete(plateId);
    setBusy(new Set(running.current));
  };
  const show = (plateId: number, outOfStock: boolean) =>
    queryClient.setQueryData(queryKey, (stock) => stock && withPlateStock(stock, plateId, outOfStock));

  async function run(plate: StockPlate, outOfStock: boolean) {
    if (running.current.has(plate.id)) return;
    running.current.add(plate.id);
    setBusy(new Set(running.current));
    // a refetch on its way would put back the list as it was before the tap
    await queryClient.cancelQueries({ queryKey });
    show(plate.id, outOfStock);
    try {
      const saved = await consoleApi.setPlateStock(plate.id, outOfStock);
      show(saved.id, saved.outOfStock);
    } catch (error) {
      show(plate.id, !outOfStock);
      if (isApiError(error) && error.status === 401) onUnauthorized(error);
      else {
        const reason = error instanceof Error ? error.message : '';
        showToast(stockFailureText(plate.showName, outOfStock, reason).trim());
        // a plate that left the menu meanwhile (an import) is gone from the list too
        if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey });
      }
    } finally {
      settle(plate.id);
    }
  }

  return { busy, run: (plate: StockPlate, outOfStock: boolean) => void run(plate, outOfStock) };
}
