/**
 * 'Probar una dirección': the owner searches an address (the storefront's own geocoder) or taps the map,
 * optionally with a cart total, and reads what a diner there gets from the saved zones: the zone, the
 * distance, both fees, the minimum order, or that it is out of area.
 */

import type { LatLng } from '@comanda/core';
import { formatTierDistance } from '@comanda/core/back-office';
import type { GeocodedAddress } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { useFormatMoney } from '../../ui/money.tsx';
import { deliveryApi, parseTyped } from './delivery-api.ts';

export function AddressCheck({
  shopId,
  point,
  onPoint,
  dirty,
}: {
  shopId: number;
  point: LatLng | null;
  onPoint: (point: LatLng) => void;
  dirty: boolean;
}) {
  const format = useFormatMoney();
  const titleId = useId();
  const searchId = useId();
  const totalId = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<GeocodedAddress[] | null>(null);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  // the address searched names the result only while the point tested is still its own
  const [chosen, setChosen] = useState<{ address: string; point: LatLng } | null>(null);
  const chosenAddress =
    chosen && point && chosen.point.lat === point.lat && chosen.point.lng === point.lng
      ? chosen.address
      : null;
  const [totalText, setTotalText] = useState('');
  const typedTotal = parseTyped(totalText);
  const total = Number.isFinite(typedTotal) && typedTotal >= 0 ? typedTotal : 0;

  const check = useQuery({
    queryKey: ['back-office', 'zones', shopId, 'check', point?.lat, point?.lng, total] as const,
    queryFn: ({ signal }) => deliveryApi.check(shopId, point as LatLng, total, signal),
    enabled: point !== null,
    staleTime: 0,
  });

  async function search(event: FormEvent) {
    event.preventDefault();
    if (text.trim().length < 3) {
      setSearchProblem('Escribí al menos 3 letras de la dirección.');
      return;
    }
    setSearching(true);
    setSearchProblem(null);
    try {
      const places = await deliveryApi.suggest(shopId, text.trim());
      setFound(places);
      if (places.length === 0) setSearchProblem('No encontramos esa dirección. Probá con calle y número.');
    } catch (error) {
      setSearchProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSearching(false);
    }
  }

  return (
    <section className="delivery__check" aria-labelledby={titleId}>
      <h3 className="delivery__subtitle" id={titleId}>
        Probar una dirección
      </h3>
      <p className="back-office__hint">
        Buscala o tocá un punto del mapa: te mostramos qué zona y envío le tocan.
      </p>
      <form className="delivery__search" onSubmit={search} noValidate>
        <div className="back-office__field">
          <label className="back-office__label" htmlFor={searchId}>
            Dirección
          </label>
          <input
            id={searchId}
            className="back-office__input"
            value={text}
            autoComplete="off"
            placeholder="Ej.: Av. Santa Fe 3100"
            aria-invalid={searchProblem ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={searching} aria-busy={searching || undefined}>
          {searching ? 'Buscando…' : 'Buscar'}
        </Button>
      </form>
      {searchProblem ? (
        <p className="back-office__error" role="alert">
          {searchProblem}
        </p>
      ) : null}
      {found && found.length > 0 ? (
        <ul className="delivery__found" aria-label="Direcciones encontradas">
          {found.slice(0, 5).map((place) => (
            <li key={`${place.fullAddress}-${place.lat}-${place.lng}`}>
              <button
                type="button"
                className="delivery__found-item"
                onClick={() => {
                  const at = { lat: place.lat, lng: place.lng };
                  onPoint(at);
                  setChosen({ address: place.fullAddress, point: at });
                  setFound(null);
                }}
              >
                {place.fullAddress}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="back-office__field delivery__total">
        <label className="back-office__label" htmlFor={totalId}>
          Total en productos (opcional)
        </label>
        <input
          id={totalId}
          className="back-office__input"
          inputMode="decimal"
          autoComplete="off"
          value={totalText}
          onChange={(event) => setTotalText(event.target.value)}
        />
      </div>
      <div className="delivery__result" aria-live="polite">
        {point === null ? null : check.isPending ? (
          <p className="back-office__hint">Calculando…</p>
        ) : check.isError ? (
          <p className="back-office__error">{check.error.message}</p>
        ) : check.data.inArea ? (
          <div className="delivery__verdict delivery__verdict--in">
            <p className="delivery__verdict-title">
              {chosenAddress ? `${chosenAddress}: ` : ''}zona {check.data.zoneName}
            </p>
            <p>A {formatTierDistance(check.data.distanceMeters)} de tu local en línea recta.</p>
            <p>
              Envío {format(check.data.cashFee ?? 0)} en efectivo y {format(check.data.otherFee ?? 0)} con
              otros medios{total > 0 ? ` para ${format(total)} en productos` : ''}.
            </p>
            <p>
              Pedido mínimo {format(check.data.minimumOrder ?? 0)}
              {check.data.freeDeliveryFrom !== null
                ? ` · Envío gratis desde ${format(check.data.freeDeliveryFrom)}`
                : ''}
              {check.data.acceptsCash ? '' : ' · No acepta efectivo'}
            </p>
          </div>
        ) : (
          <div className="delivery__verdict delivery__verdict--out">
            <p className="delivery__verdict-title">
              {chosenAddress ? `${chosenAddress}: ` : ''}fuera de tus zonas
            </p>
            <p>
              A {formatTierDistance(check.data.distanceMeters)} de tu local. Los clientes de ahí no pueden
              pedir delivery.
            </p>
          </div>
        )}
        {dirty && point !== null ? (
          <p className="back-office__hint">
            Estás probando las zonas guardadas: guardá los cambios para probar los nuevos.
          </p>
        ) : null}
      </div>
    </section>
  );
}
