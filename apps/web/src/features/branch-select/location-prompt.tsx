import type { GeocodedAddress } from '@comanda/core/contract';
import { Button } from '../../ui/button.tsx';
import { IconClose, IconLocate } from '../../ui/icons.tsx';
import { AddressSearch } from '../checkout/address-search.tsx';
import type { GeolocationStatus } from './use-geolocation.ts';

export interface LocationPromptProps {
  branchId: number;
  address: string;
  onAddressChange: (address: string) => void;
  /** The diner chose a suggested place for the typed address. */
  onPickAddress: (place: GeocodedAddress) => void;
  status: GeolocationStatus;
  /** Where distances are measured from: 'device' (the diner's location), 'address', or none. */
  origin: 'device' | 'address' | null;
  onLocate: () => void;
  onClearLocation: () => void;
}

/**
 * Where the order goes: a typed address, geocoded from the suggestions it offers, or the device's
 * position; either one orders the shops by distance and tells which deliver there.
 */
export function LocationPrompt({
  branchId,
  address,
  onAddressChange,
  onPickAddress,
  status,
  origin,
  onLocate,
  onClearLocation,
}: LocationPromptProps) {
  const locating = status === 'loading';
  return (
    <section className="location-prompt" aria-label="Dirección de entrega">
      <AddressSearch
        id="delivery-address"
        label="Dirección de entrega"
        value={address}
        onChange={onAddressChange}
        onPick={onPickAddress}
        place={{ branchId }}
        placeholder="Calle y número"
      />
      <Button variant="secondary" block onClick={onLocate} disabled={locating} aria-busy={locating}>
        <IconLocate size={20} />
        {locating ? 'Buscando tu ubicación…' : 'Usar mi ubicación'}
      </Button>
      {origin ? (
        <p className="location-prompt__status">
          <span>
            {origin === 'device'
              ? 'Mostrando distancias desde tu ubicación.'
              : 'Mostrando distancias desde tu dirección.'}
          </span>
          <button type="button" className="text-button" onClick={onClearLocation}>
            <IconClose size={16} />
            Quitar
          </button>
        </p>
      ) : null}
    </section>
  );
}
