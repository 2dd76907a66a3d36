/**
 * `/console/envios` (issue 27, "Delivery"): where each shop delivers and for how much. The zones are
 * drawn on the map (polygons point by point, or circles by radius) and listed beside it; the chosen
 * zone's fees, minimum order, free-delivery threshold and fee tiers are edited under the list. The list
 * goes up whole with 'Guardar cambios'; its order is the priority where zones overlap. A test box says
 * which zone and fee a diner at an address gets from the saved zones.
 */
import { currencyDecimals, type LatLng } from '@comanda/core';
import { deliveryZoneProblems, type ZoneShape } from '@comanda/core/back-office';
import type { OwnerDeliveryZones, OwnerShop } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { CurrencyProvider } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { backOfficeQueries } from '../back-office/back-office-api.ts';
import { type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import { AddressCheck } from './address-check.tsx';
import {
  deliveryApi,
  deliveryQueries,
  newZone,
  problemsByField,
  type ZoneEdit,
  zoneDraftOf,
  zoneEditOf,
  zoneInputOf,
} from './delivery-api.ts';
import { ZoneEditor } from './zone-editor.tsx';
import './delivery.css';

const ZonesMap = lazy(() => import('./zones-map.tsx'));

export function DeliveryPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/envios" title="Zonas de envío">
      {() => <DeliveryLoader />}
    </OwnerShell>
  );
}

function DeliveryLoader() {
  const shops = useQuery(backOfficeQueries.shops());
  const [shopId, setShopId] = useState<number | null>(null);
  const selectId = useId();
  if (shops.isPending) return <DeliverySkeleton />;
  if (shops.isError) return <LoadFailed error={shops.error} onRetry={() => void shops.refetch()} />;
  const shop = shops.data.find((item) => item.id === shopId) ?? shops.data[0];
  if (!shop) return <p className="back-office__notice">Todavía no tenés tiendas.</p>;
  return (
    <div className="delivery">
      {shops.data.length > 1 ? (
        <div className="back-office__field delivery__shop-select">
          <label className="back-office__label" htmlFor={selectId}>
            Tienda
          </label>
          <select
            id={selectId}
            className="back-office__select"
            value={shop.id}
            onChange={(event) => setShopId(Number(event.target.value))}
          >
            {shops.data.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ShopZonesLoader key={shop.id} shop={shop} />
    </div>
  );
}

function DeliverySkeleton() {
  return (
    <LoadingRegion label="Cargando tus zonas…">
      <div className="back-office__skeleton delivery__skeleton">
        <Skeleton height={360} radius={12} />
        <Skeleton height={240} radius={12} />
      </div>
    </LoadingRegion>
  );
}

function ShopZonesLoader({ shop }: { shop: OwnerShop }) {
  const zones = useQuery(deliveryQueries.zones(shop.id));
  if (zones.isPending) return <DeliverySkeleton />;
  if (zones.isError) return <LoadFailed error={zones.error} onRetry={() => void zones.refetch()} />;
  const currency = {
    code: zones.data.currency,
    symbol: '$',
    decimals: currencyDecimals(zones.data.currency),
  };
  return (
    <CurrencyProvider value={currency}>
      <ShopZones shopId={shop.id} data={zones.data} />
    </CurrencyProvider>
  );
}

function ShopZones({ shopId, data }: { shopId: number; data: OwnerDeliveryZones }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const [zones, setZones] = useState<ZoneEdit[]>(() => data.zones.map(zoneEditOf));
  const [chosenKey, setChosenKey] = useState<string | null>(() => zones[0]?.key ?? null);
  const [drawing, setDrawing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [testPoint, setTestPoint] = useState<LatLng | null>(null);

  // leaving with unsaved zones asks first
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: ZoneEdit[]) => {
    setZones(next);
    setDirty(true);
  };
  const update = (key: string, patch: Partial<ZoneEdit>) =>
    change(zones.map((zone) => (zone.key === key ? { ...zone, ...patch } : zone)));

  const save = useAction(() => deliveryApi.saveZones(shopId, zones.map(zoneInputOf)), {
    onSuccess: (saved) => {
      queryClient.setQueryData(deliveryQueries.zones(shopId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['back-office', 'changes'] });
      void queryClient.invalidateQueries({ queryKey: ['back-office', 'shops'] });
      setProblems({ fields: {}, general: [] });
      setDirty(false);
      toast('Guardamos tus zonas de envío.');
    },
    onError: (error) => {
      setProblems(
        isApiError(error) && error.errors
          ? problemsByField(error.errors)
          : { fields: {}, general: [error instanceof Error ? error.message : String(error)] },
      );
    },
  });

  function submit() {
    // core's own rules first: the same words the server would answer, without the round trip
    const found = problemsByField(deliveryZoneProblems(zones.map(zoneDraftOf), data.origin));
    if (Object.keys(found.fields).length || found.general.length) {
      setProblems(found);
      const firstBad = zones.findIndex((_, index) =>
        Object.keys(found.fields).some((path) => path.startsWith(`${index}.`)),
      );
      if (firstBad >= 0) setChosenKey(zones[firstBad]?.key ?? null);
      return;
    }
    save.run(undefined);
  }

  function add(type: ZoneShape['type']) {
    const zone = newZone(data.origin, type, `Zona ${zones.length + 1}`);
    change([...zones, zone]);
    setChosenKey(zone.key);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...zones];
    const [zone] = next.splice(index, 1);
    if (!zone) return;
    next.splice(index + by, 0, zone);
    change(next);
  }

  function remove(key: string) {
    const index = zones.findIndex((zone) => zone.key === key);
    const next = zones.filter((zone) => zone.key !== key);
    change(next);
    setChosenKey(next[Math.min(index, next.length - 1)]?.key ?? null);
  }

  const mapZones = useMemo(
    () => zones.map((zone) => ({ key: zone.key, name: zone.name, shape: zone.shape, active: zone.active })),
    [zones],
  );
  const chosenIndex = zones.findIndex((zone) => zone.key === chosenKey);
  const chosen = zones[chosenIndex];
  const hasProblem = (index: number) =>
    Object.keys(problems.fields).some((path) => path.startsWith(`${index}.`));

  return (
    <section className="back-office__card delivery__shop" aria-labelledby={titleId}>
      <div className="delivery__head">
        <h2 className="back-office__card-title" id={titleId}>
          {data.shopName}
        </h2>
        {!data.deliveryActive ? (
          <p className="back-office__hint">
            El delivery de esta tienda está apagado: dibujá tus zonas y prendelo en Tu tienda.
          </p>
        ) : null}
      </div>
      <div className="delivery__layout">
        <div className="delivery__map-column">
          <Suspense fallback={<Skeleton height={360} radius={12} />}>
            <ZonesMap
              origin={data.origin}
              zones={mapZones}
              chosenKey={chosenKey}
              drawing={drawing}
              testPoint={testPoint}
              onChoose={setChosenKey}
              onShapeChange={(key, shape) => {
                const radiusKm =
                  shape.type === 'CIRCLE'
                    ? String(Math.round(shape.radiusMeters / 100) / 10).replace('.', ',')
                    : undefined;
                update(key, { shape, ...(radiusKm === undefined ? {} : { radiusKm }) });
              }}
              onDrawn={(shape) => {
                setDrawing(false);
                const zone = { ...newZone(data.origin, 'POLYGON', `Zona ${zones.length + 1}`), shape };
                change([...zones, zone]);
                setChosenKey(zone.key);
              }}
              onDrawCancel={() => setDrawing(false)}
              onTestPoint={setTestPoint}
            />
          </Suspense>
          <fieldset className="delivery__draw">
            <legend className="sr-only">Agregar una zona</legend>
            {drawing ? (
              <>
                <p className="delivery__drawing" role="status">
                  Tocá el mapa para marcar cada punto del borde; tocá el primero para cerrar la zona.
                </p>
                <Button variant="secondary" onClick={() => setDrawing(false)}>
                  Cancelar dibujo
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={() => setDrawing(true)}>
                  Dibujar zona
                </Button>
                <Button variant="secondary" onClick={() => add('CIRCLE')}>
                  Agregar círculo
                </Button>
                <Button variant="secondary" onClick={() => add('POLYGON')}>
                  Agregar cuadrado
                </Button>
              </>
            )}
          </fieldset>
          <AddressCheck shopId={shopId} point={testPoint} onPoint={setTestPoint} dirty={dirty} />
        </div>

        <div className="delivery__list-column">
          <h3 className="delivery__subtitle">Tus zonas</h3>
          <p className="back-office__hint">
            Donde dos zonas se superponen, cobra la que está más arriba en la lista.
          </p>
          {zones.length === 0 ? (
            <p className="delivery__empty">
              Todavía no tenés zonas. Dibujá una en el mapa o agregá un círculo.
            </p>
          ) : (
            <ol className="delivery__zones">
              {zones.map((zone, index) => (
                <li
                  key={zone.key}
                  className={`delivery__zone${zone.key === chosenKey ? ' delivery__zone--chosen' : ''}`}
                >
                  <button
                    type="button"
                    className="delivery__zone-pick"
                    aria-pressed={zone.key === chosenKey}
                    onClick={() => setChosenKey(zone.key)}
                  >
                    <span className="delivery__zone-name">{zone.name.trim() || 'Zona sin nombre'}</span>
                    <span className="delivery__zone-meta">
                      {zone.shape.type === 'CIRCLE' ? `Círculo de ${zone.radiusKm || '?'} km` : 'Polígono'}
                      {zone.active ? '' : ' · Pausada'}
                      {hasProblem(index) ? ' · Revisá los datos' : ''}
                    </span>
                  </button>
                  <div className="delivery__zone-order">
                    <button
                      type="button"
                      className="delivery__icon-button"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                      <span className="sr-only">Subir {zone.name}</span>
                    </button>
                    <button
                      type="button"
                      className="delivery__icon-button"
                      disabled={index === zones.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                      <span className="sr-only">Bajar {zone.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}

          {chosen ? (
            <ZoneEditor
              key={chosen.key}
              zone={chosen}
              index={chosenIndex}
              origin={data.origin}
              problems={problems.fields}
              onChange={(patch) => update(chosen.key, patch)}
              onRemove={() => remove(chosen.key)}
            />
          ) : null}

          <div className="delivery__save">
            {problems.general.length ? (
              <div className="back-office__error" role="alert">
                {problems.general.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            ) : Object.keys(problems.fields).length ? (
              <p className="back-office__error" role="alert">
                Hay datos para revisar en las zonas marcadas.
              </p>
            ) : null}
            <Button
              onClick={submit}
              disabled={save.isPending || !dirty}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? 'Guardando…' : 'Guardar cambios'}
            </Button>
            {dirty ? <p className="back-office__hint">Tenés cambios sin guardar.</p> : null}
          </div>
        </div>
      </div>
    </section>
  );
}
