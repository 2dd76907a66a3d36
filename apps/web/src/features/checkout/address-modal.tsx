import {
  ADDRESS_MAP_ZOOM_BEFORE_LOCATING,
  DEFAULT_MAP_CENTER,
  MAP_DEFAULT_ZOOM,
  MESSAGES,
} from '@comanda/core';
import type { GeocodedAddress, RegisteredAddress } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconLocate, IconMapPin } from '../../ui/icons.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useGeolocation } from '../branch-select/use-geolocation.ts';
import { addressQueries, registeredLineOf, streetLineOf } from './address-queries.ts';
import { AddressSearch } from './address-search.tsx';
import { getDeviceAddress } from './device-address.ts';
import type { LatLngPoint } from './pin-map.tsx';
import type { CheckoutAddress } from './use-checkout.ts';
import './address-modal.css';

const PinMap = lazy(() => import('./pin-map.tsx'));

/** Not quoted by the spec: without a point there is no delivery zone to price. */
export const PIN_REQUIRED = 'Marcá en el mapa dónde entregamos tu pedido.';
/** Not quoted by the spec: the located point is being turned into its address. */
export const REVERSE_LOOKING = 'Buscando la dirección de tu ubicación…';
/** Not quoted by the spec: the geocoder does not know the located point. */
export const REVERSE_NOT_FOUND = 'No encontramos la dirección de tu ubicación: escribila y revisá el pin.';
/** Not quoted by the spec: the fallback when the address search finds nothing. */
export const NO_SUGGESTION_HINT =
  'No encontramos sugerencias: escribí la dirección y marcá el punto en el mapa.';
export const REMEMBERED_ADDRESSES_TITLE = 'Mis direcciones';
/** Not quoted by the spec: marks the address this device remembered from the last order. */
export const DEVICE_ADDRESS_NOTE = 'Última usada en este dispositivo';
/** The device's address among the remembered ones (the server's have positive ids). */
const DEVICE_CHOICE = -1;

/** Two address texts alike, whatever their case and outer spaces. */
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The spec's place details of a place the geocoder found (a suggestion, or the device's location). */
function placeDetailsOf(place: GeocodedAddress): Partial<Draft> {
  return {
    number: place.number,
    fullAddress: place.fullAddress,
    country: place.country,
    geocoded: true,
    fromLocalStorage: false,
  };
}

type Tab = 'address' | 'location';

/** What a failing check of the modal is about: the field is marked, scrolled to and focused. */
type DraftField = 'street' | 'betweenStreets' | 'city' | 'province' | 'postalCode' | 'pin';
export interface DraftProblem {
  field: DraftField;
  message: string;
}

/** The address being edited: its pin is unset until the diner places it. */
type Draft = Omit<CheckoutAddress, 'lat' | 'lng'> & { pin: LatLngPoint | null };
/** The draft's fields the diner types. */
type TextKey = 'street' | 'betweenStreets' | 'details' | 'city' | 'province' | 'postalCode';

const EMPTY_DRAFT: Draft = {
  street: '',
  betweenStreets: '',
  details: '',
  city: '',
  province: '',
  postalCode: '',
  pin: null,
};

export interface AddressModalProps {
  open: boolean;
  address: CheckoutAddress | null;
  betweenStreetsRequired: boolean;
  /** The shop: addresses are searched near it. */
  contactId: number;
  /** The signed-in diner's addresses at this business, last used first ('Mis direcciones'). */
  registered?: RegisteredAddress[];
  onClose: () => void;
  onSave: (address: CheckoutAddress) => void;
}

/**
 * The address modal (storefront.md section 4): 'Mi dirección' (the diner's remembered addresses, a typed
 * address with place suggestions, and a pin on the map) and 'Mi ubicación' (the device's coordinates,
 * the same fields as 'Mi dirección' and the spec's coordinates-mode city, province and postal code, all
 * filled from the located point where the geocoder knows it). Switching tabs clears the form.
 * Without suggestions the diner types the address and places the pin by hand. A refused save marks the
 * field at fault, says why under it, and brings it into view (below the map on a short screen it hid).
 */
export function AddressModal({
  open,
  address,
  betweenStreetsRequired,
  contactId,
  registered = [],
  onClose,
  onSave,
}: AddressModalProps) {
  const showToast = useToast();
  const [tab, setTab] = useState<Tab>('address');
  const [draft, setDraft] = useState<Draft>(() => draftOf(address));
  // a saved address opens the map on its pin
  const [draftPinAtOpen] = useState(() => draftOf(address).pin);
  // where a picked place or remembered address moved the map
  const [focus, setFocus] = useState<LatLngPoint | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [error, setError] = useState<DraftProblem | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const onGeoError = useCallback(() => showToast(MESSAGES.geolocationFailed), [showToast]);
  const geo = useGeolocation(onGeoError);
  const ids = useId();
  const place = { branchContactId: contactId };
  // the last order's address on this device, unless it is one of the diner's remembered ones already
  const [savedOnDevice] = useState(getDeviceAddress);
  const isDeviceAddress = (r: RegisteredAddress) =>
    savedOnDevice !== null &&
    same(registeredLineOf(r), savedOnDevice.street) &&
    same(r.details, savedOnDevice.details);
  const deviceAddress = savedOnDevice && !registered.some(isDeviceAddress) ? savedOnDevice : null;

  function switchTab(next: Tab) {
    if (next === tab) return;
    setTab(next);
    setDraft(EMPTY_DRAFT);
    setFocus(null);
    setChosenId(null);
    setError(null);
    geo.clear();
  }

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const located = geo.status === 'success' && geo.coords ? geo.coords : null;
  const pin = tab === 'location' ? (draft.pin ?? located) : draft.pin;

  // the located point's address fills the fields the diner has not typed yet
  const reverse = useQuery(addressQueries.reverse(tab === 'location' ? located : null, place));
  const reverseAnswered = reverse.isSuccess && !reverse.isFetching;
  const locatedPlace = reverse.data?.[0];
  useEffect(() => {
    if (!locatedPlace) return;
    setDraft((d) => ({
      ...d,
      street: d.street || streetLineOf(locatedPlace),
      city: d.city || locatedPlace.city,
      province: d.province || locatedPlace.province,
      postalCode: d.postalCode || locatedPlace.postalCode,
      // the located place's details, while the diner has not typed another street
      ...(d.street ? {} : placeDetailsOf(locatedPlace)),
    }));
  }, [locatedPlace]);

  function pickPlace(found: GeocodedAddress) {
    const point = { lat: found.lat, lng: found.lng };
    change({
      street: streetLineOf(found),
      city: found.city,
      province: found.province,
      postalCode: found.postalCode,
      pin: point,
      ...placeDetailsOf(found),
    });
    setFocus(point);
    setChosenId(null);
    setError(null);
  }

  function chooseDevice(saved: CheckoutAddress) {
    const { lat, lng, ...rest } = saved;
    setDraft({ ...rest, pin: { lat, lng } });
    setFocus({ lat, lng });
    setChosenId(DEVICE_CHOICE);
    setError(null);
  }

  function chooseRegistered(saved: RegisteredAddress) {
    const point = saved.lat !== null && saved.lng !== null ? { lat: saved.lat, lng: saved.lng } : null;
    setDraft({
      street: registeredLineOf(saved),
      betweenStreets: saved.betweenStreets ?? '',
      details: saved.details ?? '',
      city: saved.city ?? '',
      province: saved.locality ?? '',
      postalCode: saved.postalCode ?? '',
      pin: point,
    });
    if (point) setFocus(point);
    setChosenId(saved.id);
    setError(null);
  }

  function close() {
    // delivery needs an address: leaving without one says so (the checkout still shows its button)
    if (!address) showToast(MESSAGES.addressMandatory);
    onClose();
  }

  function save() {
    const problem = draftError(tab, draft, betweenStreetsRequired, pin);
    setError(problem);
    if (problem) {
      // after the render that marks it: the field, or the map, in view and focused
      requestAnimationFrame(() => revealDraftField(problem.field, ids, mapBox.current));
      return;
    }
    if (!pin) return;
    const { pin: _pin, ...details } = draft;
    onSave({
      ...details,
      street: draft.street.trim(),
      betweenStreets: draft.betweenStreets.trim(),
      details: draft.details.trim(),
      city: draft.city.trim(),
      province: draft.province.trim(),
      postalCode: draft.postalCode.trim(),
      lat: pin.lat,
      lng: pin.lng,
    });
  }

  // the field stays marked until it passes (or the next save finds another)
  const live = error ? draftError(tab, draft, betweenStreetsRequired, pin) : null;
  const errorOf = (key: DraftField) =>
    live && live.field === key && error?.field === key ? live.message : undefined;
  const field = (key: TextKey, label: string, required: boolean, autoComplete?: string) => {
    const fieldError = key === 'details' ? undefined : errorOf(key);
    return (
      <div className="checkout-field">
        <label className="field-label" htmlFor={`${ids}-${key}`}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={`${ids}-${key}`}
          className="text-input"
          value={draft[key]}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${ids}-${key}-error` : undefined}
          onChange={(event) => change({ [key]: event.target.value })}
        />
        <DraftError id={`${ids}-${key}-error`} error={fieldError} />
      </div>
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Dirección de entrega"
      className="address-modal"
      footer={
        <Button className="button--block" onClick={save}>
          Guardar dirección
        </Button>
      }
    >
      <div className="address-tabs" role="tablist" aria-label="Cómo ingresar la dirección">
        {(['address', 'location'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className="address-tabs__tab"
            onClick={() => switchTab(value)}
          >
            {value === 'address' ? MESSAGES.myAddressTab : MESSAGES.myLocationTab}
          </button>
        ))}
      </div>

      <div className="address-form" role="tabpanel">
        {tab === 'location' ? (
          <>
            <Button
              variant="secondary"
              className="button--block"
              onClick={geo.locate}
              disabled={geo.status === 'loading'}
              aria-busy={geo.status === 'loading' || undefined}
            >
              <IconLocate size={20} />
              {geo.status === 'loading' ? 'Buscando tu ubicación…' : 'Usar mi ubicación actual'}
            </Button>
            <p className="checkout-hint" role="status">
              {located && reverse.isFetching
                ? REVERSE_LOOKING
                : located && (reverse.isError || (reverseAnswered && !locatedPlace))
                  ? REVERSE_NOT_FOUND
                  : ''}
            </p>
          </>
        ) : null}
        {tab === 'address' && (registered.length > 0 || deviceAddress) ? (
          <fieldset className="address-saved">
            <legend className="field-label">{REMEMBERED_ADDRESSES_TITLE}</legend>
            <ul className="address-saved__list">
              {deviceAddress ? (
                <li>
                  <button
                    type="button"
                    className="address-saved__item"
                    aria-pressed={chosenId === DEVICE_CHOICE}
                    onClick={() => chooseDevice(deviceAddress)}
                  >
                    <IconMapPin size={20} />
                    <span>
                      <strong className="user-text">{deviceAddress.street}</strong>
                      <span className="user-text">
                        {[deviceAddress.details, deviceAddress.city, DEVICE_ADDRESS_NOTE]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                  </button>
                </li>
              ) : null}
              {registered.map((saved) => (
                <li key={saved.id}>
                  <button
                    type="button"
                    className="address-saved__item"
                    // the device's address, once the diner's own list holds it too, is this one
                    aria-pressed={
                      chosenId === saved.id || (chosenId === DEVICE_CHOICE && isDeviceAddress(saved))
                    }
                    onClick={() => chooseRegistered(saved)}
                  >
                    <IconMapPin size={20} />
                    <span>
                      <strong className="user-text">{registeredLineOf(saved)}</strong>
                      {saved.details || saved.city ? (
                        <span className="user-text">
                          {[saved.details, saved.city].filter(Boolean).join(' · ')}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {tab === 'address' ? (
          <AddressSearch
            id={`${ids}-street`}
            label="Dirección (calle y altura)"
            required
            value={draft.street}
            onChange={(street) => {
              // a line typed by hand is the diner's own, no longer the picked place's
              change({ street, number: '', fullAddress: '', geocoded: false, fromLocalStorage: false });
              setChosenId(null);
            }}
            onPick={pickPlace}
            place={place}
            placeholder="Ej.: Av. Santa Fe 3253"
            noMatchHint={NO_SUGGESTION_HINT}
            error={errorOf('street')}
          />
        ) : (
          // the located point's street and number, or what the diner types: the same field as 'Mi dirección'
          field('street', 'Dirección (calle y altura)', true, 'street-address')
        )}
        {field('betweenStreets', 'Entrecalles', betweenStreetsRequired)}
        {field('details', 'Aclaraciones (piso, depto, timbre)', false)}
        {tab === 'location' ? (
          <>
            {field('city', 'Ciudad', true, 'address-level2')}
            {field('province', 'Provincia', true, 'address-level1')}
            {field('postalCode', 'Código postal', true, 'postal-code')}
          </>
        ) : null}

        <div className="address-map" ref={mapBox}>
          <p className="field-label">Ubicación en el mapa</p>
          <p className="checkout-hint">Tocá el mapa o arrastrá el pin hasta la puerta.</p>
          <DraftError id={`${ids}-pin-error`} error={errorOf('pin')} />
          <Suspense fallback={<Skeleton height={220} radius={12} />}>
            {open ? (
              <PinMap
                // the spec's Buenos Aires point at zoom 16 (4 on 'Mi ubicación' until the device answers);
                // then the picked place or the located point; a tap moves the pin, not the map
                center={focus ?? located ?? draftPinAtOpen ?? DEFAULT_MAP_CENTER}
                zoom={
                  !focus && !located && !draftPinAtOpen && tab === 'location'
                    ? ADDRESS_MAP_ZOOM_BEFORE_LOCATING
                    : MAP_DEFAULT_ZOOM
                }
                pin={pin}
                onPin={(point) => change({ pin: point })}
                label="Mapa: tocá para marcar la ubicación de entrega"
                errorId={errorOf('pin') ? `${ids}-pin-error` : undefined}
              />
            ) : null}
          </Suspense>
        </div>
      </div>
    </Modal>
  );
}

/** A failing check's message under its field, announced as it appears. */
function DraftError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="checkout-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The field at fault in view (the modal's body scrolls) and focused; the pin's is the map. */
function revealDraftField(field: DraftField, ids: string, mapBox: HTMLElement | null): void {
  const target =
    field === 'pin'
      ? mapBox?.querySelector<HTMLElement>('[data-testid="pin-map"]')
      : document.getElementById(`${ids}-${field}`);
  // a field to the middle of the modal's body, with its message under it; the map box as a whole
  if (field === 'pin') mapBox?.scrollIntoView({ block: 'nearest' });
  else target?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}

function draftOf(address: CheckoutAddress | null): Draft {
  if (!address) return EMPTY_DRAFT;
  const { lat, lng, ...fields } = address;
  return { ...fields, pin: { lat, lng } };
}

/**
 * The spec's address checks for each tab, the first field at fault marked: 'Mi dirección' (simple mode)
 * needs the street and, when the contact demands, the cross streets; 'Mi ubicación' (coordinates mode)
 * also the city, province and postal code, with one message for any of them. Then the point the zone needs.
 */
export function draftError(
  tab: Tab,
  draft: Draft,
  betweenStreetsRequired: boolean,
  pin: LatLngPoint | null,
): DraftProblem | null {
  if (tab === 'address') {
    if (!draft.street.trim()) return { field: 'street', message: MESSAGES.addressLineRequired };
    if (betweenStreetsRequired && !draft.betweenStreets.trim())
      return { field: 'betweenStreets', message: MESSAGES.betweenStreetsLineRequired };
  } else {
    const required: DraftField[] = ['street', ...(betweenStreetsRequired ? ['betweenStreets' as const] : [])];
    const missing = [...required, 'city' as const, 'province' as const, 'postalCode' as const].find(
      (key) => key !== 'pin' && !draft[key].trim(),
    );
    if (missing) return { field: missing, message: MESSAGES.mandatoryFieldsMissing };
  }
  return pin ? null : { field: 'pin', message: PIN_REQUIRED };
}
